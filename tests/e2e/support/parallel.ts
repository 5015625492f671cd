/**
 * How many browser test files run at once. Each runs against a server and data folder of its own
 * (global-setup.ts starts one per file slot), so files never see each other's writes. The two
 * cores spend much of a browser test waiting on the page, so two at a time nearly halves the
 * suite. On PostgreSQL the run is given one database, so its files run one at a time.
 */
export const parallelFiles = process.env.E2E_DATABASE_URL ? 1 : 2;
