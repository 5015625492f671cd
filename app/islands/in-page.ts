import { Idiomorph } from "idiomorph";
import { reportPageView } from "./lib/page-views.ts";

/**
 * A link or a GET form that leads to the same page with another query (the media list's search,
 * tags and pages, the courses' period, the calendar's months) is followed in place: the new
 * page is fetched and its <main> merged into this one (idiomorph), so the element with focus,
 * the search box say, keeps it and what was typed. The address, the title and Back and Forward
 * behave as for any page, and each counts as a page view. Elements marked `data-keep-scroll`
 * keep the scroll position; others start the new content at the top. Parts marked
 * `data-in-page-busy` are marked busy while the next page loads. Anything else, or a failure,
 * is an ordinary page load.
 */
export default function startInPageNavigation(): void {
  let shown = addressOf(new URL(window.location.href));
  let pending: AbortController | undefined;

  const follow = async (url: URL, options: { push: boolean; keepScroll: boolean }) => {
    pending?.abort();
    const request = new AbortController();
    pending = request;
    for (const part of document.querySelectorAll("[data-in-page-busy]")) {
      part.setAttribute("aria-busy", "true");
      part.setAttribute("data-loading", "");
    }
    try {
      const response = await fetch(url, { signal: request.signal, headers: { Accept: "text/html" } });
      const html = response.ok && !response.redirected ? await response.text() : "";
      const next = new DOMParser().parseFromString(html, "text/html");
      const nextMain = next.querySelector("main");
      const main = document.querySelector("main");
      if (request.signal.aborted) return;
      if (!main || !nextMain) throw new Error("no page to merge");
      if (options.push) window.history.pushState(null, "", url);
      shown = addressOf(url);
      document.title = next.title;
      Idiomorph.morph(main, nextMain);
      if (!options.keepScroll) window.scrollTo(0, 0);
      reportPageView(url.pathname);
    } catch {
      if (!request.signal.aborted) window.location.assign(url);
    }
  };

  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (event.altKey) return;
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[href]");
    if (!link || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (!isInPage(url)) return;
    event.preventDefault();
    void follow(url, { push: true, keepScroll: link.hasAttribute("data-keep-scroll") });
  });

  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (event.defaultPrevented || form.method !== "get") return;
    const url = new URL(form.action);
    const fields = new FormData(form, event.submitter);
    url.search = new URLSearchParams([...fields].map(([name, value]) => [name, String(value)])).toString();
    if (!isInPage(url)) return;
    event.preventDefault();
    void follow(url, { push: true, keepScroll: form.hasAttribute("data-keep-scroll") });
  });

  // A choice that shows another record at once (the courses' period) submits its form.
  document.addEventListener("change", (event) => {
    const field = event.target as HTMLSelectElement;
    if (field.matches("select[data-submit-on-change]")) field.form?.requestSubmit();
  });

  window.addEventListener("popstate", () => {
    const url = new URL(window.location.href);
    // Back over a jump to an anchor of the same page is the browser's alone.
    if (addressOf(url) !== shown) void follow(url, { push: false, keepScroll: true });
  });

  function isInPage(url: URL): boolean {
    const here = new URL(window.location.href);
    if (url.origin !== here.origin || url.pathname !== here.pathname) return false;
    return !(url.search === here.search && url.hash !== "");
  }
}

function addressOf(url: URL): string {
  return url.pathname + url.search;
}
