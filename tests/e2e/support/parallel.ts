/**
 * How many browser test files run at once. Each runs against a server, data folder and database
 * of its own (global-setup.ts starts one per file slot), so files never see each other's writes.
 * A browser test spends part of its time waiting on the page, so two at a time keep both cores
 * busy; a third only adds to the queue.
 */
export const parallelFiles = 2;
