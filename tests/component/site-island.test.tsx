import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { Header, SIDE_MENU_ID } from "#app/components/layout/Header.tsx";
import { buildNavigation } from "#app/components/layout/navigation.ts";
import startSite from "#app/islands/site.ts";
import { serverMarkup } from "./support/islands.ts";

// Counting views and measuring vitals talk to the server; what is tested here is what the
// visitor sees of the header and the menus.
vi.mock("#app/islands/lib/page-views.ts");
vi.mock("#app/islands/lib/web-vitals.ts");

const partners = {
  activitySystem: { label: "활동 관리", url: "https://activity.example" },
  learningSite: { label: "학습 사이트", url: "" },
};

/** A public page as the server sends it: the header (with the side menu) and a main part. */
function publicPage(path = "/") {
  serverMarkup(
    <MemoryRouter initialEntries={[path]}>
      <Header clubName="KERNEL" groups={buildNavigation(partners)} isRecruiting={false} />
      <main>
        <h1>동아리 소개</h1>
      </main>
    </MemoryRouter>,
  );
  startSite();
}

const header = () => document.querySelector("[data-site-header]") as HTMLElement;
/** The side menu's dialog, open or not (a closed one is out of the accessibility tree). */
const sideMenu = () => document.getElementById(SIDE_MENU_ID) as HTMLDialogElement;

/** Scrolls the page to `y`, as the browser does: the position changes, then a scroll event. */
function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
  // The header follows on the next frame.
  vi.advanceTimersToNextFrame();
}

describe("the site island's header", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame"] });
    Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
  });

  test("stays while the page is scrolled down up to 200 px", () => {
    publicPage();
    scrollTo(120);
    scrollTo(200);
    expect(header().hasAttribute("data-hidden")).toBe(false);
  });

  test("hides on the way down past 200 px and comes back on any scroll up", () => {
    publicPage();
    scrollTo(150);
    scrollTo(600);
    expect(header().hasAttribute("data-hidden")).toBe(true);
    scrollTo(900);
    expect(header().hasAttribute("data-hidden")).toBe(true);
    scrollTo(780);
    expect(header().hasAttribute("data-hidden")).toBe(false);
  });

  test("a jitter of a few pixels changes nothing", () => {
    publicPage();
    scrollTo(600);
    expect(header().hasAttribute("data-hidden")).toBe(true);
    scrollTo(598);
    expect(header().hasAttribute("data-hidden")).toBe(true);
  });
});

describe("the site island's menus", () => {
  test("the menu button opens the side menu, which shows every group and closes with its button", async () => {
    const user = userEvent.setup();
    publicPage();
    expect(sideMenu().open).toBe(false);
    await user.click(screen.getByRole("button", { name: "메뉴 열기" }));
    const menu = within(screen.getByRole("dialog", { name: "사이트 메뉴" }));
    expect([...sideMenu().querySelectorAll("summary")].map((summary) => summary.textContent?.trim())).toEqual([
      "About Us",
      "Community",
      "Archive",
      "Join",
      "Other sites",
    ]);
    await user.click(menu.getByRole("button", { name: "메뉴 닫기" }));
    expect(sideMenu().open).toBe(false);
  });

  test("the side menu opens on the current page's group and closes when one of its links is followed", async () => {
    const user = userEvent.setup();
    publicPage("/archive/odaeho");
    await user.click(screen.getByRole("button", { name: "메뉴 열기" }));
    const open = [...sideMenu().querySelectorAll("details")].filter((group) => group.open);
    expect(open.map((group) => group.querySelector("summary")?.textContent?.trim())).toEqual(["Archive"]);
    const link = within(sideMenu()).getByRole("link", { name: "회칙" });
    // The document load that follows is the browser's; the menu must be closed when it comes back.
    link.addEventListener("click", (event) => event.preventDefault());
    await user.click(link);
    expect(sideMenu().open).toBe(false);
  });

  test("Escape in a desktop submenu closes it and returns to its group; leaving the group opens it again", async () => {
    const user = userEvent.setup();
    publicPage();
    const nav = screen.getByRole("navigation", { name: "주 메뉴" });
    const archive = within(nav).getByRole("link", { name: "Archive" });
    const group = archive.closest("[data-submenu-group]") as HTMLElement;
    within(group).getByRole("link", { name: "회칙" }).focus();
    await user.keyboard("{Escape}");
    expect(document.activeElement).toBe(archive);
    // The stylesheet keeps a dismissed submenu closed even while focus is within its group.
    expect(group.hasAttribute("data-dismissed")).toBe(true);
    within(nav).getByRole("link", { name: "Community" }).focus();
    expect(group.hasAttribute("data-dismissed")).toBe(false);
  });
});
