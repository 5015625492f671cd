import { describe, expect, test } from "vitest";
import {
  accuracy,
  COMMAND_TIERS,
  charactersPerMinute,
  commandPool,
  type GameState,
  initialState,
  PRACTICE_COMMANDS,
  pointsFor,
  ROUND_MS,
  reduce,
  remainingMs,
} from "#app/components/game/command-rush.ts";

function started(mode: "timed" | "practice" = "timed", seed = 42): GameState {
  return reduce(initialState, { type: "start", mode, seed });
}

/** Types the current command one character at a time, as a keyboard would. */
function typeTarget(state: GameState): GameState {
  let next = state;
  for (let length = 1; length <= state.target.length; length += 1) {
    next = reduce(next, { type: "input", value: state.target.slice(0, length) });
  }
  return next;
}

describe("Command Rush", () => {
  test("a start shows an easy command and resets everything", () => {
    const state = started();
    expect(state.phase).toBe("playing");
    expect(COMMAND_TIERS[0]).toContain(state.target);
    expect(state).toMatchObject({ score: 0, streak: 0, solved: 0, typed: "", elapsedMs: 0 });
  });

  test("the same seed gives the same commands", () => {
    const a = typeTarget(typeTarget(started("timed", 7)));
    const b = typeTarget(typeTarget(started("timed", 7)));
    expect(a.target).toBe(b.target);
  });

  test("typing the command exactly scores it and brings a different one", () => {
    const state = started();
    const after = typeTarget(state);
    expect(after.solved).toBe(1);
    expect(after.score).toBe(pointsFor(state.target, 0));
    expect(after.streak).toBe(1);
    expect(after.typed).toBe("");
    expect(after.target).not.toBe(state.target);
    expect(after.last).toBe("hit");
  });

  test("a run of right answers multiplies the points, up to three times", () => {
    expect(pointsFor("ls -la", 0)).toBe(60);
    expect(pointsFor("ls -la", 2)).toBe(60);
    expect(pointsFor("ls -la", 3)).toBe(90);
    expect(pointsFor("ls -la", 6)).toBe(120);
    expect(pointsFor("ls -la", 100)).toBe(180);
  });

  test("Enter on a wrong command is a miss that breaks the run", () => {
    let state = typeTarget(started());
    state = reduce(state, { type: "input", value: "x" });
    state = reduce(state, { type: "submit" });
    expect(state).toMatchObject({ misses: 1, streak: 0, last: "miss", typed: "x" });
  });

  test("Enter on an empty line changes nothing", () => {
    const state = started();
    expect(reduce(state, { type: "submit" })).toBe(state);
  });

  test("skipping brings another command and breaks the run", () => {
    const state = typeTarget(started());
    const skipped = reduce(state, { type: "skip" });
    expect(skipped.target).not.toBe(state.target);
    expect(skipped).toMatchObject({ streak: 0, last: "skip", solved: 1 });
  });

  test("wrong characters count against accuracy", () => {
    let state = started();
    const wrong = state.target[0] === "x" ? "y" : "x";
    state = reduce(state, { type: "input", value: wrong });
    state = reduce(state, { type: "input", value: "" });
    state = typeTarget(state);
    expect(state.keystrokes).toBe(1 + state.solvedChars);
    expect(state.typos).toBe(1);
    expect(accuracy(state)).toBe(Math.round(((state.keystrokes - 1) / state.keystrokes) * 100));
  });

  test("a timed round ends when its minute is up and ignores input after", () => {
    let state = typeTarget(started());
    state = reduce(state, { type: "tick", elapsedMs: 30_000 });
    expect(remainingMs(state)).toBe(30_000);
    expect(charactersPerMinute(state)).toBe(state.solvedChars * 2);
    state = reduce(state, { type: "tick", elapsedMs: ROUND_MS });
    expect(state.phase).toBe("over");
    expect(reduce(state, { type: "input", value: state.target })).toBe(state);
  });

  test("a practice round has no clock and ends after its commands", () => {
    let state = started("practice");
    state = reduce(state, { type: "tick", elapsedMs: 10 * ROUND_MS });
    expect(state.phase).toBe("playing");
    for (let count = 0; count < PRACTICE_COMMANDS; count += 1) state = typeTarget(state);
    expect(state.phase).toBe("over");
    expect(state.solved).toBe(PRACTICE_COMMANDS);
  });

  test("harder commands join as the player solves more", () => {
    const [easy = [], medium = [], hard = []] = COMMAND_TIERS;
    expect(commandPool(0)).toEqual(easy);
    expect(commandPool(5)).toEqual([...easy, ...medium]);
    expect(commandPool(12)).toEqual([...medium, ...hard]);
  });
});
