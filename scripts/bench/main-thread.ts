// Where a phone's main thread goes while a page loads: a Chromium performance trace of one visit,
// with the CPU slowed 4x as Lighthouse's mobile profile does, summed by kind of work. Less
// sensitive to the machine's load than Lighthouse's blocking time, so alternatives can be
// compared on a shared machine.
import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../lib/chromium.ts";

/** Lighthouse's mobile screen (a Moto G Power) and its CPU slowdown. */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75 };
const CPU_SLOWDOWN = 4;

const CATEGORIES = [
  "toplevel",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "v8",
  "blink",
  "loading",
];

/** The kinds of main-thread work the breakdown reports, in the order it prints them. */
export const WORK_KINDS = ["script", "html", "style", "layout", "paint", "gc", "other"] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

export interface MainThreadProfile {
  /** Time in main-thread tasks from the start of the navigation to the end of the window, ms. */
  busyMs: number;
  /**
   * The processor time those tasks used, ms: without the 4x slowdown's pauses and without the
   * time the thread waited for a core, so it moves little with the machine's load.
   */
  cpuMs: number;
  /** Processor time per kind of work (each event's own, without its children's), ms. */
  byKind: Record<WorkKind, number>;
  /** Script processor time (compile, evaluate, run) per script address. */
  scriptByUrl: Record<string, number>;
  /** Tasks of more than 50 ms, their lengths in ms, longest first. */
  longTasks: number[];
  /** Sum over long tasks of their time beyond 50 ms: Lighthouse's blocking time, unsimulated. */
  blockingMs: number;
}

export interface TraceOptions {
  /** How long after the navigation starts the window ends; the figures used 7 s. */
  windowMs?: number;
  /** Runs with scripts off: what the page costs without its JavaScript. */
  javaScriptEnabled?: boolean;
  /** A stylesheet added to the page before it loads (to switch one effect off and compare). */
  extraCss?: string;
  /** Scroll to the bottom of the page and back halfway once it has loaded. */
  scroll?: boolean;
  /**
   * How much the CPU is slowed (4, Lighthouse's phone, unless told). Processor time does not
   * depend on it; on a busy machine, 1 lets the page finish its work within the window.
   */
  cpuSlowdown?: number;
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (processor) time of the event, where the trace has it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string }; beginData?: { url?: string } };
}

/** Trace event names and the kind of work they are; the rest is "other". */
const KIND_OF: Record<string, WorkKind> = {
  EvaluateScript: "script",
  "v8.compile": "script",
  "v8.compileModule": "script",
  "v8.evaluateModule": "script",
  "v8.produceModuleCache": "script",
  "v8.produceCache": "script",
  "v8.deserializeOnBackground": "script",
  CompileScript: "script",
  FunctionCall: "script",
  TimerFire: "script",
  EventDispatch: "script",
  RunMicrotasks: "script",
  FireAnimationFrame: "script",
  FireIdleCallback: "script",
  "v8.callFunction": "script",
  "v8.run": "script",
  V8Execute: "script",
  "V8.Execute": "script",
  ParseHTML: "html",
  UpdateLayoutTree: "style",
  RecalculateStyles: "style",
  ParseAuthorStyleSheet: "style",
  Layout: "layout",
  Paint: "paint",
  PrePaint: "paint",
  PaintImage: "paint",
  Layerize: "paint",
  UpdateLayer: "paint",
  UpdateLayerTree: "paint",
  CompositeLayers: "paint",
  Commit: "paint",
  "Decode Image": "paint",
  "Image Decode Task": "paint",
  MinorGC: "gc",
  MajorGC: "gc",
  "V8.GCScavenger": "gc",
  "V8.GCFinalizeMC": "gc",
  "V8.GCIncrementalMarking": "gc",
  BlinkGC: "gc",
};

const TASK_NAMES = new Set(["RunTask", "ThreadControllerImpl::RunTask", "ThreadPool_RunTask"]);

/**
 * Loads `url` once in a fresh phone-sized context with the CPU slowed 4x and returns where its
 * main thread went during the first `windowMs`. `browser` is a Chromium that playwright-core
 * launched (Debian's, see launchTracingBrowser).
 */
export async function traceMainThread(
  browser: Browser,
  url: string,
  options: TraceOptions = {},
): Promise<MainThreadProfile> {
  const windowMs = options.windowMs ?? 7000;
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    locale: "ko-KR",
  });
  try {
    const page = await context.newPage();
    if (options.extraCss) {
      const css = options.extraCss;
      await page.addInitScript((text) => {
        document.addEventListener("DOMContentLoaded", () => {
          const style = document.createElement("style");
          style.textContent = text;
          document.head.append(style);
        });
      }, css);
      // With scripts off the init script does not run: the style goes in through the response.
      if (options.javaScriptEnabled === false) {
        await page.route(url, async (route) => {
          const response = await route.fetch();
          const body = (await response.text()).replace("</head>", `<style>${css}</style></head>`);
          const headers = { ...response.headers() };
          delete headers["content-security-policy"];
          delete headers["content-length"];
          delete headers["content-encoding"];
          await route.fulfill({ response, body, headers });
        });
      }
    }
    const session = await context.newCDPSession(page);
    await session.send("Emulation.setCPUThrottlingRate", { rate: options.cpuSlowdown ?? CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: "load" });
    if (options.scroll) {
      await page.evaluate(async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        for (let y = 0; y < document.documentElement.scrollHeight; y += 200) {
          window.scrollTo(0, y);
          await frame();
        }
        window.scrollTo(0, document.documentElement.scrollHeight / 2);
        await frame();
      });
    }
    // The trace covers a fixed window of the visit: it ends once the page's own clock (from the
    // start of its navigation) has passed the window.
    await page.waitForFunction((end) => performance.now() >= end, windowMs, { polling: 100, timeout: 0 });
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
    return summarize(trace.traceEvents, url, windowMs);
  } finally {
    await context.close();
  }
}

/** Debian's Chromium, headless, as the browser tests start it. */
export function launchTracingBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

function summarize(events: TraceEvent[], url: string, windowMs: number): MainThreadProfile {
  // The page's main thread: the renderer thread that parsed the page's HTML.
  const parse = events.find(
    (event) => event.name === "ParseHTML" && (event.args?.beginData?.url ?? "").startsWith(url.split("#")[0] ?? url),
  );
  if (!parse) throw new Error(`the trace shows no parsing of ${url}`);
  const navigationStart =
    events.find(
      (event) =>
        event.name === "navigationStart" &&
        event.pid === parse.pid &&
        (event.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL?.startsWith(url),
    )?.ts ?? parse.ts;
  const end = navigationStart + windowMs * 1000;
  const thread = events
    .filter(
      (event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === "X" && event.dur !== undefined,
    )
    .filter((event) => event.ts >= navigationStart && event.ts < end)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

  const byKind = Object.fromEntries(WORK_KINDS.map((kind) => [kind, 0])) as Record<WorkKind, number>;
  const scriptByUrl: Record<string, number> = {};
  const longTasks: number[] = [];
  let busy = 0;
  let cpu = 0;
  const threadTime = (event: TraceEvent) => event.tdur ?? event.dur ?? 0;
  // A stack of open events; each event's self time is its processor time less its children's.
  const stack: { event: TraceEvent; end: number; childTime: number; url: string | undefined }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
      const open = stack.pop();
      if (!open) break;
      const self = Math.max(0, threadTime(open.event) - open.childTime) / 1000;
      const kind = kindOf(open.event, stack);
      byKind[kind] += self;
      if (kind === "script") {
        const address = open.url ?? "(no address)";
        scriptByUrl[address] = (scriptByUrl[address] ?? 0) + self;
      }
    }
  };
  for (const event of thread) {
    close(event.ts);
    const parent = stack.at(-1);
    if (parent) parent.childTime += threadTime(event);
    else if (TASK_NAMES.has(event.name)) {
      const length = (event.dur ?? 0) / 1000;
      busy += length;
      cpu += threadTime(event) / 1000;
      if (length > 50) longTasks.push(length);
    }
    const own = event.args?.data?.url || undefined;
    stack.push({ event, end: event.ts + (event.dur ?? 0), childTime: 0, url: own ?? parent?.url });
  }
  close(Number.POSITIVE_INFINITY);
  longTasks.sort((a, b) => b - a);
  const round = (value: number) => Math.round(value);
  return {
    busyMs: round(busy),
    cpuMs: round(cpu),
    byKind: Object.fromEntries(WORK_KINDS.map((kind) => [kind, round(byKind[kind])])) as Record<WorkKind, number>,
    scriptByUrl: Object.fromEntries(
      Object.entries(scriptByUrl)
        .map(([address, ms]) => [shortAddress(address, url), round(ms)] as const)
        .filter(([, ms]) => ms > 0)
        .sort((a, b) => b[1] - a[1]),
    ),
    longTasks: longTasks.map(round),
    blockingMs: round(longTasks.reduce((sum, length) => sum + (length - 50), 0)),
  };
}

/** Work inside a script is script, whatever the event is called (GC aside). */
function kindOf(event: TraceEvent, ancestors: { event: TraceEvent }[]): WorkKind {
  const own =
    KIND_OF[event.name] ?? (event.name.startsWith("V8.GC") || event.name.startsWith("BlinkGC") ? "gc" : undefined);
  if (own) return own;
  if (event.name.startsWith("v8") || event.name.startsWith("V8")) return "script";
  for (let index = ancestors.length - 1; index >= 0; index -= 1) {
    const kind = KIND_OF[ancestors[index]?.event.name ?? ""];
    if (kind && kind !== "other") return kind;
  }
  return "other";
}

function shortAddress(address: string, pageUrl: string): string {
  const origin = new URL(pageUrl).origin;
  return address.startsWith(origin) ? address.slice(origin.length) || "/" : address;
}
