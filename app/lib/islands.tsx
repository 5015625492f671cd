import { type ComponentType, createContext, useContext } from "react";
import { type UIMatch, useMatches } from "react-router";
import { REACT_ISLAND_ATTRIBUTE } from "#shared/islands.ts";

/**
 * Public pages are sent as the server renders them and are never hydrated: each behaviour they
 * have is an island, a small script of its own in `app/islands/` (decision 0038). A route names
 * the islands its page needs in its handle; the document loads those of every matched route.
 */
export interface IslandsHandle {
  islands: string[];
}

/** An island's script and the scripts it imports, as the build named them. */
export interface IslandFiles {
  module: string;
  imports: string[];
}

/** What the server knows while it renders a document: the islands' files and the CSP nonce. */
export interface IslandsServerContext {
  manifest: Record<string, IslandFiles>;
  nonce: string | undefined;
  /** In development, React Router's React Refresh runtime, which React islands need loaded first. */
  reactRefresh?: string | undefined;
}

/** Provided by entry.server.tsx; absent in the browser (only admin pages hydrate there). */
export const IslandsContext = createContext<IslandsServerContext | undefined>(undefined);

/** The islands the matched routes ask for, in route order, each once; none for the admin area. */
export function useIslands(): string[] {
  const names = useMatches().flatMap(
    (match: UIMatch) => (match.handle as Partial<IslandsHandle> | undefined)?.islands ?? [],
  );
  return [...new Set(names)];
}

/**
 * Hints for every script the islands need, then one module that starts them in order and marks
 * the document once all have started (`data-hydrated`, as React's hydration does on admin pages).
 * Each island's default export starts it and may return a promise, which is waited for.
 */
export function IslandScripts({ names }: { names: string[] }) {
  const server = useContext(IslandsContext);
  if (!server) return null;
  const islands = names.map((name) => {
    const files = server.manifest[name];
    if (!files) throw new Error(`No island named "${name}" was built`);
    return files;
  });
  const preloads = [...new Set(islands.flatMap((files) => [files.module, ...files.imports]))];
  // Each island is evaluated and started in a task of its own, the page's other work (input,
  // paint) free to run between them: on a phone one task for all of them was long enough to
  // count as blocking. The modules are already fetched and compiled through the hints.
  const loads = islands.map((files) => `()=>import(${JSON.stringify(files.module)})`).join(",");
  const source =
    (server.reactRefresh ? `import ${JSON.stringify(server.reactRefresh)};` : "") +
    "const next=()=>globalThis.scheduler?.yield?scheduler.yield():new Promise(r=>setTimeout(r));" +
    `const started=[];for(const load of [${loads}]){started.push((await load()).default());await next();}` +
    'await Promise.all(started);document.documentElement.dataset.hydrated="true";';
  return (
    <>
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={server.nonce} />
      ))}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own file names, nothing from a request */}
      <script type="module" nonce={server.nonce} dangerouslySetInnerHTML={{ __html: source }} />
    </>
  );
}

/**
 * A component the browser hydrates on its own, as an island named `name`: rendered here with
 * `props`, which go into the page as JSON for the island's script to hydrate it with. The
 * wrapper takes no room of its own (display: contents).
 */
export function ReactIsland<Props extends object>({
  name,
  component: Component,
  props,
}: {
  name: string;
  component: ComponentType<Props>;
  props: Props;
}) {
  return (
    <div {...{ [REACT_ISLAND_ATTRIBUTE]: name }} data-props={JSON.stringify(props)} style={{ display: "contents" }}>
      <Component {...props} />
    </div>
  );
}
