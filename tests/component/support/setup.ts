import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// A `findBy…` waits for what the component shows as long as a busy machine needs, as the browser
// suite's retrying assertions do: Testing Library's default second ran out once while the
// integration suites kept both cores busy. A pass returns as soon as the element is there.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library unmounts what a test rendered only when told (this project runs Vitest
// without globals); timers and mocks a test replaced are put back too.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
  document.documentElement.removeAttribute("data-hydrated");
});
