import { loadavg } from "node:os";
import type { LoadResult } from "./wrk.ts";

/**
 * The benchmark's printout: sections of Markdown tables, each with the machine's load average
 * when it was measured (the machine may be shared: a figure means little without it).
 */
export interface Row {
  name: string;
  result: LoadResult;
  /** CPU time the server spent per answer, in µs (what contention cannot inflate much). */
  cpuPerRequest?: number | undefined;
  note?: string | undefined;
}

export interface Section {
  title: string;
  /** The 1-minute load average when the section's measuring ended. */
  load: number;
  rows: Row[];
  notes: string[];
}

export function loadAverage(): number {
  return Math.round((loadavg()[0] ?? 0) * 10) / 10;
}

export function formatSection(section: Section): string {
  const lines = [`## ${section.title} (load average ${section.load})`, ""];
  if (section.rows.length > 0) {
    lines.push("| run | requests/s | p50 ms | p99 ms | max ms | bytes/answer | CPU µs/answer | errors | |");
    lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---|");
    for (const { name, result, cpuPerRequest, note } of section.rows) {
      const cpu = cpuPerRequest === undefined ? "" : String(Math.round(cpuPerRequest));
      lines.push(
        `| ${name} | ${result.requestsPerSecond} | ${result.p50} | ${result.p99} | ${result.max} | ` +
          `${result.bytesPerResponse} | ${cpu} | ${result.errors} | ${note ?? ""} |`,
      );
    }
    lines.push("");
  }
  for (const note of section.notes) lines.push(`- ${note}`);
  return lines.join("\n");
}

export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const ratio = (part: number, whole: number) => (whole > 0 ? (part / whole).toFixed(2) : "n/a");

/** The median of numbers (the middle one, the lower of two). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/** The result whose throughput is the median of several runs of the same thing. */
export function medianRun<T extends { result: LoadResult }>(runs: T[]): T {
  const sorted = [...runs].sort((a, b) => a.result.requestsPerSecond - b.result.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}
