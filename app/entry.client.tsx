import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { continueInterruptedNavigation, noteInterruptedNavigations } from "./lib/interrupted-navigation.ts";

// React Router's own client entry, plus: a click whose route script failed to load (after a
// deploy) lands on the clicked page rather than reloading the current one.
if (!continueInterruptedNavigation()) {
  noteInterruptedNavigations();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}
