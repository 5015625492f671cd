/**
 * Command Rush: type the command on screen exactly; a right answer brings the next one, and a run
 * of right answers multiplies the points. The state changes only through `reduce`, which is pure
 * (its randomness comes from a seed in the state), so the game is tested without a browser.
 */

export type GameMode = "timed" | "practice";

/** A timed round lasts a minute; a practice round has no clock and ends after ten commands. */
export const ROUND_MS = 60_000;
export const PRACTICE_COMMANDS = 10;

/** Commands from easy to hard; later tiers join as the player solves more. */
export const COMMAND_TIERS: readonly (readonly string[])[] = [
  [
    "ls",
    "pwd",
    "cd ..",
    "ls -la",
    "make",
    "clear",
    "whoami",
    "vim .",
    ":wq",
    "git add .",
    "npm test",
    "mkdir src",
    "echo hi",
    "cat notes.md",
  ],
  [
    "git status",
    "git pull --rebase",
    "npm run build",
    "console.log(x);",
    "return 0;",
    "print('hello')",
    "chmod +x run.sh",
    "ssh member@club",
    "python3 main.py",
    "int main(void)",
    "#include <stdio.h>",
    "docker ps -a",
    "def solve(n):",
    "fn main() {}",
    "let year = 1973;",
    "cargo run",
  ],
  [
    'git commit -m "first commit"',
    "for (int i = 0; i < n; i++)",
    "while (true) { code(); }",
    "SELECT name FROM members;",
    'printf("Hello, world\\n");',
    'if __name__ == "__main__":',
    "npm install --save-dev vitest",
    "git push origin main",
    "const answer = 6 * 7;",
    "grep -rn main src/",
    "echo $PATH | tr ':' '\\n'",
    "sudo apt-get update",
  ],
];

export interface GameState {
  phase: "ready" | "playing" | "over";
  mode: GameMode;
  target: string;
  typed: string;
  score: number;
  streak: number;
  bestStreak: number;
  solved: number;
  /** Commands typed in full, in characters: for the typing speed. */
  solvedChars: number;
  keystrokes: number;
  typos: number;
  misses: number;
  elapsedMs: number;
  /** How the last Enter or skip went, for the screen's feedback. */
  last: "hit" | "miss" | "skip" | undefined;
  random: number;
}

export type GameAction =
  | { type: "start"; mode: GameMode; seed: number }
  | { type: "input"; value: string }
  | { type: "submit" }
  | { type: "skip" }
  | { type: "tick"; elapsedMs: number };

export const initialState: GameState = {
  phase: "ready",
  mode: "timed",
  target: "",
  typed: "",
  score: 0,
  streak: 0,
  bestStreak: 0,
  solved: 0,
  solvedChars: 0,
  keystrokes: 0,
  typos: 0,
  misses: 0,
  elapsedMs: 0,
  last: undefined,
  random: 1,
};

/** A small seeded generator (mulberry32): the next state and a number in [0, 1). */
function nextRandom(state: number): [number, number] {
  const next = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(next ^ (next >>> 15), 1 | next);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return [next, ((t ^ (t >>> 14)) >>> 0) / 4294967296];
}

/** The commands on offer after `solved` right answers. */
export function commandPool(solved: number): readonly string[] {
  const [easy = [], medium = [], hard = []] = COMMAND_TIERS;
  if (solved < 4) return easy;
  if (solved < 10) return [...easy, ...medium];
  return [...medium, ...hard];
}

function pickTarget(state: GameState, solved: number): { target: string; random: number } {
  const pool = commandPool(solved).filter((command) => command !== state.target);
  const [random, value] = nextRandom(state.random);
  return { target: pool[Math.floor(value * pool.length)] ?? "ls", random };
}

/** Points for a command: its length, times 1 plus a half for every three in a row (at most 3x). */
export function pointsFor(command: string, streak: number): number {
  const multiplier = Math.min(3, 1 + Math.floor(streak / 3) * 0.5);
  return Math.round(command.length * 10 * multiplier);
}

export function remainingMs(state: GameState): number {
  return state.mode === "timed" ? Math.max(0, ROUND_MS - state.elapsedMs) : Number.POSITIVE_INFINITY;
}

/** Share of keystrokes that matched the command at their position, in percent. */
export function accuracy(state: GameState): number {
  if (state.keystrokes === 0) return 100;
  return Math.round(((state.keystrokes - state.typos) / state.keystrokes) * 100);
}

/** Characters of finished commands per minute of play. */
export function charactersPerMinute(state: GameState): number {
  if (state.elapsedMs < 1000) return 0;
  return Math.round((state.solvedChars / state.elapsedMs) * 60_000);
}

export function reduce(state: GameState, action: GameAction): GameState {
  if (action.type === "start") {
    const fresh: GameState = { ...initialState, mode: action.mode, random: action.seed | 0 || 1 };
    return { ...fresh, ...pickTarget(fresh, 0), phase: "playing" };
  }
  if (state.phase !== "playing") return state;

  switch (action.type) {
    case "input": {
      const value = action.value;
      let { keystrokes, typos } = state;
      // Count each newly typed character once, right or wrong at its position.
      if (value.length > state.typed.length && value.startsWith(state.typed)) {
        for (let index = state.typed.length; index < value.length; index += 1) {
          keystrokes += 1;
          if (value[index] !== state.target[index]) typos += 1;
        }
      }
      if (value !== state.target) return { ...state, typed: value, keystrokes, typos };
      const streak = state.streak + 1;
      const solved = state.solved + 1;
      const scored: GameState = {
        ...state,
        typed: "",
        keystrokes,
        typos,
        score: state.score + pointsFor(state.target, state.streak),
        streak,
        bestStreak: Math.max(state.bestStreak, streak),
        solved,
        solvedChars: state.solvedChars + state.target.length,
        last: "hit",
      };
      if (state.mode === "practice" && solved >= PRACTICE_COMMANDS) {
        return { ...scored, phase: "over" };
      }
      return { ...scored, ...pickTarget(state, solved) };
    }
    case "submit":
      // A finished command is accepted as it is typed, so Enter only ever meets a wrong one.
      if (state.typed === "") return state;
      return { ...state, streak: 0, misses: state.misses + 1, last: "miss" };
    case "skip":
      return { ...state, ...pickTarget(state, state.solved), typed: "", streak: 0, last: "skip" };
    case "tick": {
      const next = { ...state, elapsedMs: action.elapsedMs };
      return remainingMs(next) === 0 ? { ...next, phase: "over" } : next;
    }
  }
}
