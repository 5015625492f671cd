/** Spec: the header hides once the page is scrolled down past 200 px. */
const HIDE_AFTER_PX = 200;

/**
 * Hides the header (`data-hidden`, which its stylesheet slides away) while the page is scrolled
 * down past 200 px and the last movement was downward; any upward scroll brings it back.
 */
export function hideHeaderOnScroll(header: HTMLElement): void {
  // A page starts at its top; one the browser brings back further down counts as scrolled down
  // to there. The position is not read at start: reading it makes the browser lay the page out
  // then and there, which at start is the page's first layout, and it would join this script's
  // task and make it a long one on a phone.
  let lastY = 0;
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
