import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { getHomePage, type HomePage } from "#server/domain/home/home.ts";
import { getSiteSettings, type SiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { baseURL, consoleErrorsOf, setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { expectAbsent, scrollThrough, serverRenderedMain } from "./support/pages.ts";
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

// The rotation itself (every 6000 ms, waiting on the pointer and focus, the dots, the pause
// button, reduced motion) is the hero island's, tested against the server's markup in
// tests/component/hero-island.test.tsx. What is left here is the stylesheet's part.
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
      // No public address is configured: links use the address the visitor used.
      url: `${baseURL()}/`,
      address: { "@type": "PostalAddress", streetAddress: settings.address },
    });
    expect(organization.sameAs).toEqual(Object.values(settings.social).filter(Boolean));
    const logo = await fetch(organization.logo);
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

describe("hero carousel and slogan strip in the browser", () => {
  test("the pictures cross-fade in 2500 ms; the strip glides, and holds still while paused", async () => {
    const page = await newPage({ viewport: viewports.desktop });
    await page.goto("/");
    await waitForHydration(page);
    const slide = carousel(page).locator('[aria-roledescription="slide"]').first();
    await expect(
      slide.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.transitionProperty, style.transitionDuration];
      }),
    ).resolves.toEqual(["opacity", "2.5s"]);
    const track = page.getByRole("list", { name: "슬로건" });
    await expect(track.evaluate((element) => getComputedStyle(element).animationName)).resolves.not.toBe("none");

    const toggle = carousel(page).getByRole("button", { name: "화면 움직임 멈춤" });
    await toggle.click();
    await expect.poll(() => track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe("paused");
    await toggle.click();
    await page.mouse.move(5, 890);
    await expect.poll(() => track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe("running");
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("under reduced motion the strip stands still, one copy of each slogan in view", async () => {
    const page = await newPage({ viewport: viewports.desktop });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);
    const track = page.getByRole("list", { name: "슬로건" });
    await expect(track.evaluate((element) => getComputedStyle(element).animationName)).resolves.toBe("none");
    // One copy of each slogan stays visible; the copies that make the loop are hidden.
    await expect(track.locator("li:visible").allInnerTexts()).resolves.toEqual(
      home.slogans.map((slogan) => expect.stringContaining(slogan.title)),
    );
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
    const play = player.getByRole("button", { name: new RegExp(`영상 재생: ${home.video?.title}`) });
    await expectAbsent(player.locator("iframe"), { once: play });

    const playerRequest = page.waitForRequest(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    await play.click();
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
