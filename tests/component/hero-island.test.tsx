import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { HeroCarousel } from "#app/components/home/HeroCarousel.tsx";
import { SloganStrip } from "#app/components/home/SloganStrip.tsx";
import startHero from "#app/islands/hero.ts";
import { mediaQuery, serverMarkup } from "./support/islands.ts";

const pictures = ["동아리방", "해커톤", "세미나", "MT"].map((alt, index) => ({
  alt,
  image: { id: `p${index}`, url: `/uploads/p${index}.webp`, width: 1600, height: 900, srcSet: "" },
}));

function homePage(count = pictures.length) {
  serverMarkup(
    <main>
      <HeroCarousel slides={pictures.slice(0, count)} label="동아리 사진">
        <h1>KERNEL</h1>
      </HeroCarousel>
      <SloganStrip slogans={["함께 배우고", "함께 만든다"]} />
      <a href="/about">동아리 소개</a>
    </main>,
  );
}

/** The slides in the page, by their pictures' alt text, in the page's order. */
const inPage = () => [...document.querySelectorAll("[data-hero-slide] img")].map((image) => image.getAttribute("alt"));

/** The picture shown, by its alt text, checked against the dot marked current. */
function shown(): string {
  const visible = [...document.querySelectorAll("[data-hero-slide]")].filter(
    (slide) => slide.getAttribute("aria-hidden") === "false",
  );
  expect(visible).toHaveLength(1);
  // A slide's label is its place among all of them ("2 / 4"), whichever have joined the page.
  const index = Number(visible[0]?.getAttribute("aria-label")?.split(" / ")[0]) - 1;
  const dots = screen.getAllByRole("button", { name: /번째 사진 보기$/, hidden: true });
  expect(dots.map((dot) => dot.getAttribute("aria-current") === "true")).toEqual(dots.map((_, at) => at === index));
  return visible[0]?.querySelector("img")?.getAttribute("alt") ?? "";
}

const toggle = () => {
  const button = document.querySelector<HTMLButtonElement>("[data-hero-toggle]");
  expect(button?.textContent).toBe("화면 움직임 멈춤");
  return button as HTMLButtonElement;
};
const dot = (n: number) => screen.getByRole("button", { name: `${n}번째 사진 보기` });
const carousel = () => document.querySelector("[data-hero]") as HTMLElement;
const strip = () => document.querySelector("[data-slogan-strip]") as HTMLElement;

let reducedMotion: ReturnType<typeof mediaQuery>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  reducedMotion = mediaQuery("(prefers-reduced-motion: reduce)", false);
});

describe("the hero island", () => {
  test("the server sends the first picture only, eager; each other one joins, lazy, halfway through the wait before its turn", async () => {
    homePage();
    expect(inPage()).toEqual(["동아리방"]);
    expect(document.querySelector("[data-hero-controls]")?.hasAttribute("hidden")).toBe(true);
    const first = document.querySelector("[data-hero-slide] img");
    expect([first?.getAttribute("loading"), first?.getAttribute("fetchpriority")]).toEqual(["eager", "high"]);

    await startHero();
    // Every dot is there at once; the pictures behind them are not yet.
    expect(document.querySelector("[data-hero-controls]")?.hasAttribute("hidden")).toBe(false);
    expect(screen.getAllByRole("button", { name: /번째 사진 보기$/ })).toHaveLength(4);
    expect(document.querySelector("template")).toBeNull();
    expect(inPage()).toEqual(["동아리방"]);
    vi.advanceTimersByTime(2_999);
    expect(inPage()).toEqual(["동아리방"]);
    vi.advanceTimersByTime(1);
    expect(inPage()).toEqual(["동아리방", "해커톤"]);
    expect(document.querySelectorAll("[data-hero-slide] img")[1]?.getAttribute("loading")).toBe("lazy");
    vi.advanceTimersByTime(3_000);
    expect(shown()).toBe("해커톤");
    expect(inPage()).toEqual(["동아리방", "해커톤"]);
    vi.advanceTimersByTime(3_000);
    expect(inPage()).toEqual(["동아리방", "해커톤", "세미나"]);
  });

  test("a picture chosen by its dot joins at once, in its place among the others", async () => {
    homePage();
    await startHero();
    dot(4).click();
    expect(shown()).toBe("MT");
    expect(inPage()).toEqual(["동아리방", "MT"]);
    dot(3).click();
    expect(shown()).toBe("세미나");
    expect(inPage()).toEqual(["동아리방", "세미나", "MT"]);
    vi.advanceTimersByTime(6_000);
    expect(shown()).toBe("MT");
    vi.advanceTimersByTime(6_000);
    expect(shown()).toBe("동아리방");
    vi.advanceTimersByTime(6_000);
    expect(shown()).toBe("해커톤");
    expect(inPage()).toEqual(["동아리방", "해커톤", "세미나", "MT"]);
  });

  test("a new picture every 6000 ms, back to the first after the last", async () => {
    homePage();
    await startHero();
    expect(shown()).toBe("동아리방");
    // While it rotates by itself the pictures are not announced one by one.
    expect(document.querySelector("[data-hero-slides]")?.getAttribute("aria-live")).toBe("off");
    vi.advanceTimersByTime(5_999);
    expect(shown()).toBe("동아리방");
    vi.advanceTimersByTime(1);
    expect(shown()).toBe("해커톤");
    vi.advanceTimersByTime(6_000);
    expect(shown()).toBe("세미나");
    vi.advanceTimersByTime(6_000);
    expect(shown()).toBe("MT");
    vi.advanceTimersByTime(6_000);
    expect(shown()).toBe("동아리방");
  });

  test("a dot shows its picture at once, and the next change is a whole interval later", async () => {
    homePage();
    await startHero();
    vi.advanceTimersByTime(4_000);
    dot(3).click();
    expect(shown()).toBe("세미나");
    vi.advanceTimersByTime(5_999);
    expect(shown()).toBe("세미나");
    vi.advanceTimersByTime(1);
    expect(shown()).toBe("MT");
  });

  test("it waits while a mouse is over it (a touch does not count) and goes on when it leaves", async () => {
    homePage();
    await startHero();
    carousel().dispatchEvent(new PointerEvent("pointerenter", { pointerType: "touch" }));
    vi.advanceTimersByTime(6_000);
    expect(shown()).toBe("해커톤");
    carousel().dispatchEvent(new PointerEvent("pointerenter", { pointerType: "mouse" }));
    vi.advanceTimersByTime(30_000);
    expect(shown()).toBe("해커톤");
    // Waiting, a change is announced politely.
    expect(document.querySelector("[data-hero-slides]")?.getAttribute("aria-live")).toBe("polite");
    carousel().dispatchEvent(new PointerEvent("pointerleave", { pointerType: "mouse" }));
    vi.advanceTimersByTime(6_000);
    expect(shown()).toBe("세미나");
  });

  test("it waits while focus is inside it, and goes on once focus leaves it", async () => {
    homePage();
    await startHero();
    dot(2).focus();
    dot(2).click();
    expect(shown()).toBe("해커톤");
    vi.advanceTimersByTime(30_000);
    expect(shown()).toBe("해커톤");
    // Moving on inside it keeps it waiting; leaving it lets it go on.
    toggle().focus();
    vi.advanceTimersByTime(30_000);
    expect(shown()).toBe("해커톤");
    screen.getByRole("link", { name: "동아리 소개" }).focus();
    vi.advanceTimersByTime(6_000);
    expect(shown()).toBe("세미나");
  });

  test("the pause button stops the pictures and the slogan strip until it is pressed again", async () => {
    homePage();
    await startHero();
    toggle().click();
    expect(toggle().getAttribute("aria-pressed")).toBe("true");
    expect(strip().hasAttribute("data-stopped")).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(shown()).toBe("동아리방");
    toggle().click();
    expect(toggle().getAttribute("aria-pressed")).toBe("false");
    expect(strip().hasAttribute("data-stopped")).toBe(false);
    vi.advanceTimersByTime(6_000);
    expect(shown()).toBe("해커톤");
  });

  test("under reduced motion nothing moves by itself and there is no pause button; the dots still work", async () => {
    reducedMotion.set(true);
    homePage();
    await startHero();
    expect(toggle().hidden).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(shown()).toBe("동아리방");
    dot(4).click();
    expect(shown()).toBe("MT");
    vi.advanceTimersByTime(60_000);
    expect(shown()).toBe("MT");

    // The visitor allows motion again: the rotation starts, the button comes back.
    reducedMotion.set(false);
    expect(toggle().hidden).toBe(false);
    vi.advanceTimersByTime(6_000);
    expect(shown()).toBe("동아리방");
  });

  test("one picture: no dots, no button, nothing to rotate", async () => {
    homePage(1);
    await startHero();
    expect(document.querySelector("[data-hero-controls]")).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(document.querySelectorAll("[data-hero-slide]")).toHaveLength(1);
  });
});
