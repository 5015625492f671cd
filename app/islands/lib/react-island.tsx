import { type ComponentType, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { REACT_ISLAND_ATTRIBUTE } from "#shared/islands.ts";

/**
 * Hydrates every element the server rendered with `<ReactIsland name={name}>` (app/lib/islands.tsx)
 * as a React root of its own, with the props the server gave it. For the few public widgets that
 * are whole React components (the game, the test calendar); the rest of the page stays as sent.
 * Resolves once each has hydrated, so clicks then reach its handlers.
 */
export function hydrateIslands<Props extends object>(name: string, Component: ComponentType<Props>): Promise<void> {
  const roots = document.querySelectorAll<HTMLElement>(`[${REACT_ISLAND_ATTRIBUTE}="${name}"]`);
  return Promise.all(
    [...roots].map(
      (root) =>
        new Promise<void>((resolve) => {
          const props = JSON.parse(root.dataset.props ?? "{}") as Props;
          function Hydrated() {
            useEffect(() => resolve(), []);
            return <Component {...props} />;
          }
          hydrateRoot(root, <Hydrated />);
        }),
    ),
  ).then(() => undefined);
}
