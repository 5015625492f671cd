import { createServer } from "node:net";

/**
 * The ports a test run listens on. By default each server takes a free port the system picks;
 * with `TEST_PORTS=first-last` every port comes from that range instead, so two runs on one
 * machine given different ranges never take each other's ports. `scripts/with-postgres.sh`
 * gives PostgreSQL the range's first port; the others are handed out from the second on.
 */
export const TEST_PORTS_VARIABLE = "TEST_PORTS";

export interface PortRange {
  first: number;
  last: number;
}

/** The range `TEST_PORTS` names, undefined when unset; a malformed one throws, saying why. */
export function testPortRange(value = process.env[TEST_PORTS_VARIABLE]): PortRange | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const match = value.trim().match(/^(\d{1,5})-(\d{1,5})$/);
  const first = Number(match?.[1]);
  const last = Number(match?.[2]);
  if (!match || first < 1024 || last > 65535 || last < first) {
    throw new Error(`${TEST_PORTS_VARIABLE} must be a range of ports such as 41000-41019 (got "${value}")`);
  }
  return { first, last };
}

/**
 * Hands out ports one at a time: from `TEST_PORTS` after its first port (PostgreSQL's), or,
 * without it, 0 ("any free port") for servers that report the port they took, and a port found
 * free just now for those that must be told one (`fixed`).
 */
export function portAllocator(range = testPortRange()) {
  let next = range ? range.first + 1 : 0;
  const fromRange = (): number => {
    if (!range) return 0;
    if (next > range.last) {
      throw new Error(
        `${TEST_PORTS_VARIABLE}=${range.first}-${range.last} is too small for this run: give it more ports`,
      );
    }
    return next++;
  };
  return {
    /** A port for a server that can pick its own and say which (0 without a range). */
    any: fromRange,
    /** A port for a server that must be given one. */
    fixed: async (): Promise<number> => (range ? fromRange() : freePort()),
  };
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
