import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Testing Library unmounts what a test rendered only when told (this project runs Vitest
// without globals); timers and mocks a test replaced are put back too.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
  document.documentElement.removeAttribute("data-hydrated");
});
