// The layers' dependency rules (docs/architecture.md draws the picture). Checked by `npm test`
// (scripts/test-all.js, step "dependency rules") and on its own with `npm run deps`.
// Type-only imports count for circles and layers, except where a rule says otherwise.

/** Code that runs on every request before a route: routes and domains use only its public helpers. */
const EDGE_INTERNALS =
  "^app/http/(request-gate|remix-handler|page-cache|build-assets|database-outage|render-html|document-end|script-priority|plain-page|request-url|request-body|body-limits|same-origin|response-headers|canonical-path)\\.server\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import circles: a lower module never needs a higher one, not even for a type.",
      from: {},
      to: { circular: true },
    },
    {
      name: "domains-not-routes-or-components",
      severity: "error",
      comment:
        "Domain modules (app/<area>), the edge and the form plumbing never import routes or components: the UI depends on them, not the other way round.",
      from: {
        path: "^app/",
        pathNot: ["^app/routes/", "^app/components/", "^app/root\\.tsx$", "^app/entry\\.(client|server)\\.tsx$"],
      },
      to: { path: "^app/(routes|components)/" },
    },
    {
      name: "components-not-routes",
      severity: "error",
      comment: "Components are given their data by routes; they never import a route module.",
      from: { path: "^app/components/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "routes-not-routes",
      severity: "error",
      comment: "A route module imports no other route: what two routes share lives in a domain or a component.",
      from: { path: "^app/routes/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "edge-internals-only-for-the-server",
      severity: "error",
      comment:
        "Routes, components and domains use the edge's public helpers (app/http/http.server.ts, csrf, rate limits, input cleaning, nonce), not the steps server.ts runs.",
      from: { path: "^app/", pathNot: ["^app/http/", "^app/entry\\.server\\.tsx$"] },
      to: { path: EDGE_INTERNALS, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "db-imports-nothing-from-app",
      severity: "error",
      comment: "The schema, migrations and client are the lowest layer.",
      from: { path: "^db/" },
      to: { path: "^app/" },
    },
    {
      name: "mail-imports-no-domain",
      severity: "error",
      comment:
        "The mail layer sends what it is given: it knows the outbox table, configuration and languages, no domain (attachments are rendered through its registry).",
      from: { path: "^app/mail/" },
      to: { path: "^app/", pathNot: ["^app/mail/", "^app/i18n/", "^app/utils/", "^app/(db|env)\\.server\\.ts$"] },
    },
    {
      name: "browser-code-imports-no-server-module",
      severity: "error",
      comment:
        "Components and shared browser modules never import a *.server.ts module (types aside: they are erased).",
      from: {
        path: "^app/",
        pathNot: ["\\.server\\.tsx?$", "^app/routes/", "^app/root\\.tsx$", "^app/entry\\.server\\.tsx$"],
      },
      // A "*-ssr.server.ts" module is empty in the browser build on purpose: what the server renders in the first pass.
      to: { path: "\\.server\\.tsx?$", pathNot: "-ssr\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "utils-are-generic",
      severity: "error",
      comment: "app/utils holds small generic helpers that depend on nothing of ours.",
      from: { path: "^app/utils/" },
      to: { path: "^(app|db)/", pathNot: "^app/utils/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|public/build)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
