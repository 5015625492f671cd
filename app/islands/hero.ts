import { whenLoaded } from "./lib/page-load.ts";

/** Spec: a new picture every 6000 ms; the cross-fade itself (2500 ms) is in the stylesheet. */
const HERO_INTERVAL_MS = 6000;

/**
 * Runs the home page's carousel (components/home/HeroCarousel.tsx) and the one switch that
 * stops everything moving on the page, the pictures and the slogan strip. Each later picture
 * joins the page only as its turn nears (halfway through the wait before it, or at once when
 * its dot is pressed): none competes with the first one, the page's main image, none is
 * fetched, decoded and painted in the busy moments after the page loads, and a visitor who
 * leaves early fetches only what they saw. Rotation waits while the pointer is over the
 * carousel or focus is inside it, and never runs by itself under reduced motion; the dots work
 * in every case.
 */
export default async function startHero(): Promise<void> {
  const hero = document.querySelector<HTMLElement>("[data-hero]");
  const box = hero?.querySelector<HTMLElement>("[data-hero-slides]");
  const controls = hero?.querySelector<HTMLElement>("[data-hero-controls]");
  const toggle = hero?.querySelector<HTMLButtonElement>("[data-hero-toggle]");
  const strip = document.querySelector<HTMLElement>("[data-slogan-strip]");
  if (strip) pauseOffScreen(strip);
  if (!hero || !box || !controls || !toggle) return;

  await whenLoaded();
  // The later slides stay in the template's inert fragment (their pictures load nothing there)
  // until `join` moves them into the page.
  const later = box.querySelector("template");
  const slides = [
    ...box.querySelectorAll<HTMLElement>("[data-hero-slide]"),
    ...(later?.content.querySelectorAll<HTMLElement>("[data-hero-slide]") ?? []),
  ];
  later?.remove();
  const join = (index: number) => {
    const slide = slides[index];
    if (!slide || slide.isConnected) return;
    box.insertBefore(slide, slides.slice(index + 1).find((next) => next.isConnected) ?? null);
    // Its hidden state is styled before it becomes current, so that a slide joining on a dot's
    // press fades in as the others do instead of appearing at once (a transition needs a start).
    getComputedStyle(slide).opacity;
  };
  const dots = [...controls.querySelectorAll<HTMLButtonElement>("[data-hero-dot]")];
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let current = 0;
  let stopped = false;
  let hovered = false;
  let focused = false;
  let timer: number | undefined;
  let joinTimer: number | undefined;

  const show = () => {
    join(current);
    const rotates = slides.length > 1 && !reducedMotion.matches && !stopped;
    const waiting = hovered || focused;
    for (const [index, slide] of slides.entries()) {
      slide.setAttribute("aria-hidden", String(index !== current));
      slide.toggleAttribute("data-current", index === current);
    }
    for (const [index, dot] of dots.entries()) {
      if (index === current) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    }
    box.setAttribute("aria-live", rotates && !waiting ? "off" : "polite");
    toggle.hidden = reducedMotion.matches;
    toggle.setAttribute("aria-pressed", String(stopped));
    strip?.toggleAttribute("data-stopped", stopped);
    // Each change starts the wait for the next picture afresh.
    window.clearTimeout(timer);
    window.clearTimeout(joinTimer);
    if (rotates && !waiting) {
      const next = (current + 1) % slides.length;
      joinTimer = window.setTimeout(() => join(next), HERO_INTERVAL_MS / 2);
      timer = window.setTimeout(() => {
        current = next;
        show();
      }, HERO_INTERVAL_MS);
    }
  };

  for (const [index, dot] of dots.entries()) {
    dot.addEventListener("click", () => {
      current = index;
      show();
    });
  }
  toggle.addEventListener("click", () => {
    stopped = !stopped;
    show();
  });
  hero.addEventListener("pointerenter", (event) => {
    if (event.pointerType !== "mouse") return;
    hovered = true;
    show();
  });
  hero.addEventListener("pointerleave", () => {
    hovered = false;
    show();
  });
  hero.addEventListener("focusin", () => {
    focused = true;
    show();
  });
  hero.addEventListener("focusout", (event) => {
    if (hero.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    show();
  });
  reducedMotion.addEventListener("change", show);
  controls.hidden = slides.length < 2;
  show();
}

/** The strip's endless glide stops while it is out of sight: nothing is drawn for nobody. */
function pauseOffScreen(strip: HTMLElement): void {
  new IntersectionObserver(([entry]) => {
    strip.toggleAttribute("data-offscreen", !entry?.isIntersecting);
  }).observe(strip);
}
