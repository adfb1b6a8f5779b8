// npm run build: the Remix app (classic compiler) into build/index.js and public/build/, then
// server.ts (and the app modules it imports) into build/server.js, packages left external.
//
// Remix's command line loads its Vite plugin at start even for the classic compiler, which uses no
// Vite; Vite then warns that its CommonJS entry is deprecated on every build. The warning concerns
// code this build never runs, so it is switched off here (docs/decisions/063-newcomer-output.md).
process.env.VITE_CJS_IGNORE_WARNING ??= "true";

const { cli } = await import("@remix-run/dev");
// The compiler leaves handles open (as the `remix` command does, this script exits when done).
await cli.run(["build"]);

// Fingerprinted assets compressed once, at the highest settings (docs/decisions/090).
const { precompressFolder } = await import("./precompress-assets.js");
const assets = precompressFolder("public/build");
console.log(
  `[info] assets precompressed: ${assets.files} files, ${Math.round(assets.bytes / 1024)} KB, ${Math.round(assets.brotliBytes / 1024)} KB as brotli`,
);

const { build } = await import("esbuild");
await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});

// Remix's "(NODE_ENV=production)" above names how the bundle was built (minified, no development
// tools), not how the server will run: that is read when the server starts.
console.log(
  "[info] server built: `npm start` (or node build/server.js) runs it; NODE_ENV at start chooses the mode (development unless set, see README)",
);
process.exit(0);
