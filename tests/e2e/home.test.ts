import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { getHomePage, type HomePage } from "#server/domain/home/home.ts";
import { getSiteSettings, type SiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { baseURL, consoleErrorsOf, setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { openWithStillClock, scrollThrough, serverRenderedMain } from "./support/pages.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();
let home: HomePage;
let settings: SiteSettings;

beforeAll(async () => {
  home = await getHomePage(data.db(), data.storage());
  settings = (await getSiteSettings(data.db())).value;
});

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]');
const dots = (page: Page) => carousel(page).getByRole("button", { name: /번째 사진 보기$/ });

/** The index of the dot marked as the current picture, checked against the visible slide. */
async function currentPicture(page: Page): Promise<number> {
  const marked = await dots(page).evaluateAll((buttons) =>
    buttons.flatMap((button, index) => (button.getAttribute("aria-current") === "true" ? [index] : [])),
  );
  const shown = await carousel(page)
    .locator('[aria-roledescription="slide"]')
    .evaluateAll((slides) =>
      slides.flatMap((slide, index) => (slide.getAttribute("aria-hidden") === "false" ? [index] : [])),
    );
  expect(shown).toEqual(marked);
  expect(marked).toHaveLength(1);
  return marked[0] ?? -1;
}

/** A page whose timers run only when the test moves the clock. */
async function pageWithClock(options: { reducedMotion?: boolean } = {}) {
  const page = await newPage({ viewport: viewports.desktop });
  if (options.reducedMotion) await page.emulateMedia({ reducedMotion: "reduce" });
  return openWithStillClock(page, "/");
}

describe("home page from the server", () => {
  test("the HTML carries the club, the intro, slogans, events and recruiting text", async () => {
    const main = await serverRenderedMain(newPage, "/");
    await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(settings.clubName);
    const text = await main.innerText();
    expect(text).toContain(settings.subtitle);
    expect(text).toContain(`since ${settings.foundedYear}`);
    expect(text).toContain(home.intro);
    for (const slogan of home.slogans) {
      expect(text).toContain(slogan.title);
      expect(text).toContain(slogan.description);
    }
    for (const event of home.events) {
      expect(text).toContain(event.title);
      expect(text).toContain(event.summary);
      expect(text).toContain(event.duration);
    }
    expect(text).toContain(home.recruiting.intro);
    for (const person of home.recruiting.wanted) expect(text).toContain(person);
    expect(text).toMatch(new RegExp(`약\\s*${home.recruiting.sessionsPerSemester}\\s*개`));
  });

  test("only the first hero picture is in the HTML, loaded at once and first", async () => {
    // The later pictures wait in a <template>, which the browser keeps inert: nothing loads.
    const html = (await (await fetch(`${baseURL()}/`)).text()).replace(/<template[\s\S]*?<\/template>/g, "");
    const first = home.heroImages[0];
    if (!first) throw new Error("the demo club has hero pictures");
    const heroImages = [...html.matchAll(/<img [^>]*>/g)]
      .map((match) => match[0])
      .filter((tag) => home.heroImages.some((hero) => tag.includes(`src="${hero.image.url}"`)));
    expect(heroImages).toHaveLength(1);
    const [tag = ""] = heroImages;
    expect(tag).toContain(`src="${first.image.url}"`);
    expect(tag).toContain(`alt="${first.alt}"`);
    expect(tag).toContain('loading="eager"');
    expect(tag).toContain('fetchPriority="high"');
    expect(tag).toContain(`width="${first.image.width}"`);
    expect(tag).toContain(`height="${first.image.height}"`);
  });

  test("the buttons lead to the about page, the media list and the join page", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto("/");
    const about = page.locator("section", { has: page.locator("#home-about") });
    const activities = page.locator("section", { has: page.locator("#home-activities") });
    const recruiting = page.locator("section", { has: page.locator("#home-recruiting") });
    await expect(about.getByRole("link", { name: /더 알아보기/ }).getAttribute("href")).resolves.toBe("/about");
    await expect(activities.getByRole("link", { name: /더 알아보기/ }).getAttribute("href")).resolves.toBe(
      "/community/media",
    );
    await expect(recruiting.getByRole("link", { name: /지원하기/ }).getAttribute("href")).resolves.toBe("/join");
  });

  test("structured data describes the club as an organization", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto("/");
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const organization = JSON.parse(json ?? "{}");
    expect(organization).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: settings.clubName,
      alternateName: settings.subtitle,
      foundingDate: String(settings.foundedYear),
      email: settings.email,
      url: `${baseURL().replace("127.0.0.1", "localhost")}/`,
      address: { "@type": "PostalAddress", streetAddress: settings.address },
    });
    expect(organization.sameAs).toEqual(Object.values(settings.social).filter(Boolean));
    const logo = await fetch(organization.logo.replace("localhost", "127.0.0.1"));
    expect(logo.headers.get("content-type")).toBe("image/png");
  });

  test("a visit shows every section without console errors", async () => {
    const page = await newPage({ viewport: viewports.phone });
    await page.goto("/");
    await waitForHydration(page);
    await scrollThrough(page);
    for (const id of ["home-about", "home-activities", "home-recruiting"]) {
      await expect.poll(() => page.locator(`#${id}`).isVisible()).toBe(true);
    }
    const brokenImages = await page
      .locator("main img")
      .evaluateAll((images) =>
        images
          .filter((image) => !(image as HTMLImageElement).complete || !(image as HTMLImageElement).naturalWidth)
          .map((image) => (image as HTMLImageElement).src),
      );
    expect(brokenImages).toEqual([]);
    expect(consoleErrorsOf(page)).toEqual([]);
  });
});

describe("hero carousel", () => {
  test("advances every 6000 ms with a 2500 ms cross-fade and wraps after the last", async () => {
    const page = await pageWithClock();
    await expect(dots(page).count()).resolves.toBe(4);
    expect(await currentPicture(page)).toBe(0);
    const slide = carousel(page).locator('[aria-roledescription="slide"]').first();
    await expect(
      slide.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.transitionProperty, style.transitionDuration];
      }),
    ).resolves.toEqual(["opacity", "2.5s"]);

    await page.clock.runFor(5_900);
    expect(await currentPicture(page)).toBe(0);
    await page.clock.runFor(100);
    expect(await currentPicture(page)).toBe(1);
    await page.clock.runFor(6_000);
    expect(await currentPicture(page)).toBe(2);
    await page.clock.runFor(6_000);
    expect(await currentPicture(page)).toBe(3);
    await page.clock.runFor(6_000);
    expect(await currentPicture(page)).toBe(0);
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("the later pictures arrive with the scripts and load lazily", async () => {
    const page = await pageWithClock();
    const images = carousel(page).locator('[aria-roledescription="slide"] img');
    await expect(images.count()).resolves.toBe(home.heroImages.length);
    const attributes = await images.evaluateAll((list) =>
      list.map((image) => [
        image.getAttribute("loading"),
        image.getAttribute("fetchpriority"),
        image.getAttribute("alt"),
      ]),
    );
    expect(attributes).toEqual(
      home.heroImages.map((hero, index) => (index === 0 ? ["eager", "high", hero.alt] : ["lazy", null, hero.alt])),
    );
  });

  test("a dot shows its picture at once and the rotation goes on from there", async () => {
    const page = await pageWithClock();
    await dots(page).nth(2).click();
    expect(await currentPicture(page)).toBe(2);
    await dots(page).nth(0).click();
    expect(await currentPicture(page)).toBe(0);
    // Away from the carousel, with focus outside it, the rotation resumes from the chosen picture.
    await page.mouse.move(5, 890);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(6_000);
    expect(await currentPicture(page)).toBe(1);
  });

  test("waits while the pointer is over it", async () => {
    const page = await pageWithClock();
    await carousel(page).hover();
    await page.clock.runFor(20_000);
    expect(await currentPicture(page)).toBe(0);
    await page.mouse.move(5, 890);
    await page.clock.runFor(6_000);
    expect(await currentPicture(page)).toBe(1);
  });

  test("waits while focus is inside it, and its controls work from the keyboard", async () => {
    const page = await pageWithClock();
    await dots(page).nth(0).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    expect(await currentPicture(page)).toBe(1);
    await page.clock.runFor(20_000);
    expect(await currentPicture(page)).toBe(1);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(6_000);
    expect(await currentPicture(page)).toBe(2);
  });

  test("the pause button stops the pictures and the slogan strip until pressed again", async () => {
    const page = await pageWithClock();
    const toggle = carousel(page).getByRole("button", { name: "화면 움직임 멈춤" });
    await toggle.click();
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("true");
    await page.mouse.move(5, 890);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(20_000);
    expect(await currentPicture(page)).toBe(0);
    const track = page.getByRole("list", { name: "슬로건" });
    await expect(track.evaluate((element) => getComputedStyle(element).animationPlayState)).resolves.toBe("paused");
    await toggle.click();
    await page.mouse.move(5, 890);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect(track.evaluate((element) => getComputedStyle(element).animationPlayState)).resolves.toBe("running");
    await page.clock.runFor(6_000);
    expect(await currentPicture(page)).toBe(1);
  });

  test("under reduced motion nothing moves by itself, and the dots still work", async () => {
    const page = await pageWithClock({ reducedMotion: true });
    await page.clock.runFor(30_000);
    expect(await currentPicture(page)).toBe(0);
    await expect(carousel(page).getByRole("button", { name: "화면 움직임 멈춤" }).count()).resolves.toBe(0);
    await dots(page).nth(3).click();
    expect(await currentPicture(page)).toBe(3);

    const track = page.getByRole("list", { name: "슬로건" });
    await expect(track.evaluate((element) => getComputedStyle(element).animationName)).resolves.toBe("none");
    // One copy of each slogan stays visible; the copies that make the loop are hidden.
    await expect(track.locator("li:visible").allInnerTexts()).resolves.toEqual(
      home.slogans.map((slogan) => expect.stringContaining(slogan.title)),
    );
  });

  test("the slogan strip glides when motion is welcome", async () => {
    const page = await newPage({ viewport: viewports.desktop });
    await page.goto("/");
    const track = page.getByRole("list", { name: "슬로건" });
    await expect(track.evaluate((element) => getComputedStyle(element).animationName)).resolves.not.toBe("none");
  });
});

describe("intro video", () => {
  test("nothing comes from YouTube until the visitor asks for the video", async () => {
    const page = await newPage({ viewport: viewports.desktop });
    const thirdParty: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseURL())) thirdParty.push(request.url());
    });
    await page.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>player</title>",
      }),
    );
    await page.goto("/");
    await waitForHydration(page);
    const player = page.locator("section", { has: page.locator("#home-about") });
    // The whole page has been seen, its pictures loaded: still nothing from YouTube.
    await scrollThrough(page);
    expect(thirdParty).toEqual([]);
    await expect(player.locator("iframe").count()).resolves.toBe(0);

    const playerRequest = page.waitForRequest(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    await player.getByRole("button", { name: new RegExp(`영상 재생: ${home.video?.title}`) }).click();
    const frame = player.locator("iframe");
    await expect(frame.getAttribute("src")).resolves.toBe(
      `https://www.youtube-nocookie.com/embed/${home.video?.youtubeId}?autoplay=1&rel=0`,
    );
    await expect(frame.getAttribute("title")).resolves.toBe(home.video?.title);
    await expect(frame.getAttribute("allow")).resolves.toContain("autoplay");
    await playerRequest;
    expect(thirdParty.length).toBeGreaterThan(0);
    expect(thirdParty.every((url) => url.startsWith("https://www.youtube-nocookie.com/embed/"))).toBe(true);
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("before scripts run, the poster links to the video on YouTube", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto("/");
    const link = page.getByRole("link", { name: new RegExp(home.video?.title ?? "") });
    await expect(link.getAttribute("href")).resolves.toBe(`https://www.youtube.com/watch?v=${home.video?.youtubeId}`);
  });
});
