/**
 * Times a read for the measuring scripts: once to warm up, then `runs` times; prints the fastest
 * run (on a busy machine the read's own cost), the median and the 90th percentile.
 */
export async function timeRead(label: string, runs: number, read: () => Promise<unknown>): Promise<void> {
  await read();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    (times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? Number.NaN).toFixed(1);
  console.log(
    `${label.padEnd(44)} min ${at(0).padStart(6)} ms   p50 ${at(0.5).padStart(6)} ms   p90 ${at(0.9).padStart(6)} ms`,
  );
}
