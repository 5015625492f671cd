/** Spec: the header hides once the page is scrolled down past 200 px. */
const HIDE_AFTER_PX = 200;

/**
 * Hides the header (`data-hidden`, which its stylesheet slides away) while the page is scrolled
 * down past 200 px and the last movement was downward; any upward scroll brings it back.
 */
export function hideHeaderOnScroll(header: HTMLElement): void {
  let lastY = window.scrollY;
  let frame = 0;
  const update = () => {
    frame = 0;
    const y = window.scrollY;
    if (Math.abs(y - lastY) < 4) return;
    header.toggleAttribute("data-hidden", y > HIDE_AFTER_PX && y > lastY);
    lastY = y;
  };
  window.addEventListener(
    "scroll",
    () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    },
    { passive: true },
  );
}
