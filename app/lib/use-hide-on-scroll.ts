import { useEffect, useState } from "react";

/**
 * True while the page is scrolled down past `threshold` px and the last movement was downward;
 * any upward scroll brings the header back (spec: it hides after 200 px).
 */
export function useHideOnScroll(threshold: number): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let lastY = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      if (Math.abs(y - lastY) < 4) return;
      setHidden(y > threshold && y > lastY);
      lastY = y;
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return hidden;
}
