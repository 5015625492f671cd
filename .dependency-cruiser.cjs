// The import graph's rules, checked by `npm run lint` (dependency-cruiser). swc parses the
// sources (TypeScript 7 has no JavaScript API for dependency-cruiser to use); type-only imports
// count too, so a cycle of types is a cycle.
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "A module that imports itself through others cannot be read or loaded in order.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-never-imports-app",
      comment: "The boundary runs one way: app/ may import server code in .server files, never the reverse.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "database-below-domain",
      comment: "The database adapter knows tables, not content types.",
      severity: "error",
      from: { path: "^server/(db|storage)/" },
      to: { path: "^server/(domain|http|backup|import|seed)/" },
    },
    {
      name: "migrations-are-frozen",
      comment: "A migration is a step taken once: it copies what it needs instead of importing code that changes.",
      severity: "error",
      from: { path: "^server/db/migrations/0" },
      to: { path: "^(server|app|shared)/" },
    },
  ],
  options: {
    parser: "swc",
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.react-router)/" },
    enhancedResolveOptions: {
      conditionNames: ["import", "node", "default"],
      extensions: [".ts", ".tsx", ".js"],
    },
  },
};
