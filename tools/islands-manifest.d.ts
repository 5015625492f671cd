/** The islands' built files, by island name (tools/islands.ts makes it; entry.server.tsx reads it). */
declare module "virtual:islands-manifest" {
  const manifest: Record<string, import("../app/lib/islands.tsx").IslandFiles>;
  export default manifest;
}
