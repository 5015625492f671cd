import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { vi } from "vitest";

/**
 * Puts a public component's markup in the document as the server sends it (no React in the
 * browser, decision 0038, except the React islands, which hydrate it: hence React's own markers
 * between texts), for an island script to run against.
 */
export function serverMarkup(element: ReactNode): void {
  document.body.innerHTML = renderToString(element);
}

/**
 * A media query the test answers, e.g. `prefers-reduced-motion`: `set` changes the answer and
 * tells the listeners, as the browser does when the visitor changes the setting.
 */
export function mediaQuery(query: string, initially: boolean) {
  let matches = initially;
  const listeners = new Set<() => void>();
  const list = {
    media: query,
    get matches() {
      return matches;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  } as unknown as MediaQueryList;
  vi.spyOn(window, "matchMedia").mockImplementation((asked) =>
    asked === query ? list : ({ matches: false, addEventListener() {}, removeEventListener() {} } as never),
  );
  return {
    set(value: boolean) {
      matches = value;
      for (const listener of listeners) listener();
    },
  };
}
