import { CommandRush } from "#app/components/game/CommandRush.tsx";
import { hydrateIslands } from "./lib/react-island.tsx";

/** The typing game of /game, a React component hydrated on its own. */
export default function startGame(): Promise<void> {
  return hydrateIslands("command-rush", CommandRush);
}
