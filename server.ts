import crypto from "node:crypto";
import fs from "node:fs";
import http, { type Server } from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import { DataFolderBusyError } from "./db/data-folder-lock";
import { closeAppDatabase, getDatabaseHandle, migrateAppDatabase } from "./app/db.server";
import { ConfigError, describeMode, getEnv, type Env } from "./app/env.server";
import { startBackgroundJobs, stopBackgroundJobs } from "./app/jobs.server";
import { redirectToCanonicalPath } from "./app/http/canonical-path.server";
import { buildAssets } from "./app/http/build-assets.server";
import {
  answerDatabaseOutagesWith503,
  isDatabaseUnavailable,
  isDriverWriteAfterClose,
  RETRY_AFTER_UNAVAILABLE_SECONDS,
} from "./app/http/database-outage.server";
import { plainPage } from "./app/http/plain-page.server";
import { remixRequestHandler } from "./app/http/remix-handler.server";
import { requestGate } from "./app/http/request-gate.server";
import { doorAnswer, writeDoorAnswer } from "./app/http/shared-page-door.server";
import { pathLang } from "./app/http/request-url.server";
import { responseHeaderRules } from "./app/http/response-headers.server";
import { configureLogger, logger, resolveLogFormat } from "./app/observability/log.server";
import { metrics, metricsText, recordDatabaseUnavailable, recordRequest } from "./app/observability/metrics.server";
import { registerOutboxMetrics } from "./app/observability/outbox-metrics.server";
import { runWithRequestFacts, type RequestFacts } from "./app/observability/request-context.server";
import { routePatternOf, routeTemplates } from "./app/observability/route-pattern.server";

const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);

// JSON lines, or readable text in a terminal (LOG_FORMAT; docs/decisions/096).
function log(message: string) {
  logger().info(message);
}

async function main() {
  let env: Env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  configureLogger(resolveLogFormat(env.LOG_FORMAT, Boolean(process.stdout.isTTY)));

  try {
    getDatabaseHandle();
    await migrateAppDatabase();
  } catch (error) {
    if (error instanceof DataFolderBusyError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(
      `Could not open or migrate the database: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }

  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const { app, handle } = createApp(env, build);
  const server = http.createServer(handle).listen(env.PORT, () => {
    log(
      `${env.SITE_NAME} listening on http://localhost:${env.PORT} (${getDatabaseHandle().kind === "pglite" ? `embedded database in ${env.dataDir}` : "PostgreSQL"}), ${describeMode(env)}`,
    );
  });
  // The start line (address and mode, as the README promises) comes first; the jobs' own lines,
  // such as the first administrator's set-up link, after it.
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  await startBackgroundJobs({ log });
  metrics().dbPoolSize.set(env.DATABASE_URL ? env.DATABASE_POOL_SIZE : 1);
  registerOutboxMetrics();
  const metricsServer = env.METRICS_PORT ? startMetricsListener(env.METRICS_PORT) : undefined;
  handleShutdown(server, app, metricsServer);
}

type AppState = { shuttingDown: boolean };

export function createApp(env: Env, serverBuild: ServerBuild) {
  // While the database is unreachable, pages and forms that need it answer the friendly 503 page.
  const build = answerDatabaseOutagesWith503(serverBuild, (message) => {
    recordDatabaseUnavailable();
    log(message);
  });
  const templates = routeTemplates(serverBuild.routes);
  const remix = remixRequestHandler({
    build,
    // Only a development server shows error details; test runs behave as production does.
    mode: env.NODE_ENV === "development" ? "development" : "production",
    pageCache: env.PAGE_CACHE,
    // Every instance of a deployment has the same session secret: the same bytes for a shared page from each.
    sharedSecret: env.SESSION_SECRET[0],
    getLoadContext: (req, res) => ({
      cspNonce: String(res.locals.cspNonce),
      requestId: String(res.locals.requestId),
      clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
    }),
  });
  const app = express();
  const state: AppState = { shuttingDown: false };
  app.locals.state = state;
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  // Request id, metrics and one log line per request: method, route pattern (never the path: it
  // may hold ids and tokens), status, duration, the signed-in user's id (docs/decisions/096).
  app.use((req, res, next) => {
    const facts = trackRequest(req, res, () => routeOf(req, res.statusCode, templates), env.LOG_REQUESTS);
    res.setHeader("X-Request-Id", facts.requestId);
    if (state.shuttingDown) res.setHeader("Connection", "close");
    runWithRequestFacts(facts, next);
  });

  // Fingerprinted build output, compressed at build time (docs/decisions/090): before the
  // per-request compression, which it never needs.
  app.use("/build", buildAssets("public/build"));
  // Levels measured on the signed-in pages (bench/compression-levels.js, decision 104): brotli 2
  // and gzip 4 take about 40 % and 50 % of the time of the defaults (4 and 6) for 2–5 % more bytes.
  app.use(
    compression({
      level: 4,
      brotli: {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      },
    }),
  );

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (state.shuttingDown) {
      res
        .status(503)
        .setHeader("Retry-After", String(RETRY_AFTER_UNAVAILABLE_SECONDS))
        .json({ status: "shutting down" });
      return;
    }
    try {
      await getDatabaseHandle().ping(2000);
      res.json({ status: "ready", database: "ok" });
    } catch {
      // The same wait as the pages' 503 while the database is away.
      res
        .status(503)
        .setHeader("Retry-After", String(RETRY_AFTER_UNAVAILABLE_SECONDS))
        .json({ status: "unavailable", database: "not answering" });
    }
  });

  if (env.METRICS_TOKEN) {
    const expected = crypto.createHash("sha256").update(env.METRICS_TOKEN).digest();
    app.get("/metrics", (req, res, next) => {
      const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1] ?? "";
      if (!crypto.timingSafeEqual(crypto.createHash("sha256").update(given).digest(), expected)) {
        res
          .status(401)
          .setHeader("WWW-Authenticate", 'Bearer realm="metrics"')
          .setHeader("Cache-Control", "no-store")
          .type("text")
          .send("Unauthorized");
        return;
      }
      sendMetrics(res).catch(next);
    });
  }

  if (env.NODE_ENV === "test") {
    // Lets the shutdown test hold a request in flight; never mounted outside NODE_ENV=test.
    app.get("/__test/slow", (req, res) => {
      const ms = Math.min(Number(req.query.ms ?? 1000), 30_000);
      setTimeout(() => res.type("text").send(`slept ${ms}ms`), ms);
    });
  }

  // The few files of public/ outside the build, listed once: other paths never reach the file
  // system (a stat per page request was a measurable share of a signed-in page, decision 104).
  const publicFiles = listPublicFiles("public");
  const servePublic = express.static("public", { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(securityHeaders(env));
  // Cache-Control for answers that depend on the visitor, Permissions-Policy, Retry-After.
  app.use(responseHeaderRules({ siteUrl: env.SITE_URL }));
  // Normalised URL, same-origin check and form token, bounded and cleaned bodies: before any route.
  app.use(requestGate({ siteUrl: env.SITE_URL }));

  app.use(redirectToCanonicalPath(serverBuild.routes));

  app.all("*", remix);

  // Errors outside Remix (Remix renders its own error pages).
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const lang = pathLang(req.path);
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      // e.g. a missing file under /build: a plain answer, not a page
      res
        .status(status)
        .type("text")
        .send(status === 404 ? "Not found" : "Bad request");
      return;
    }
    if (isDatabaseUnavailable(error)) {
      res.status(503).setHeader("Retry-After", String(RETRY_AFTER_UNAVAILABLE_SECONDS));
      res.type("html").send(plainPage("unavailable", lang));
      return;
    }
    logger().error(
      `error id=${String(res.locals.requestId)} ${error instanceof Error ? error.message : String(error)}`,
      { requestId: String(res.locals.requestId) },
    );
    res
      .status(500)
      .type("html")
      .send(plainPage("serverError", lang, String(res.locals.requestId)));
  });

  // Shared pages already held are answered at the door, before Express and every step above:
  // those steps ran for the page's first answer, whose headers are repeated (decision 104).
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const answer = state.shuttingDown ? null : doorAnswer(req, remix.answerAtTheDoor);
    if (!answer) return app(req, res);
    const requestId = trackRequest(
      req,
      res,
      () => routePatternOf(req.url ?? "/", templates),
      env.LOG_REQUESTS,
    ).requestId;
    writeDoorAnswer(res, answer, [["x-request-id", requestId]]);
  };
  return { app, handle };
}

/**
 * Counts a request (in flight, then by route pattern and status class with its duration) and
 * logs its line once it closes; gives it an id, sent as X-Request-Id.
 */
function trackRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse & { locals?: Record<string, unknown> },
  route: () => string,
  logRequests: boolean,
): RequestFacts & { requestId: string } {
  const started = process.hrtime.bigint();
  const requestId = crypto.randomBytes(8).toString("hex");
  if (res.locals) res.locals.requestId = requestId;
  const facts: RequestFacts & { requestId: string } = { requestId };
  metrics().inFlight.inc();
  res.once("close", () => {
    metrics().inFlight.dec();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const pattern = route();
    recordRequest(req.method ?? "GET", pattern, res.statusCode, seconds);
    if (logRequests)
      logger().request({
        requestId,
        method: req.method ?? "GET",
        route: pattern,
        status: res.statusCode,
        durationMs: seconds * 1000,
        userId: facts.userId,
      });
  });
  return facts;
}

/** The route pattern a request is counted and logged under: Express's own routes, Remix's patterns, or static files. */
function routeOf(req: Request, status: number, templates: ReturnType<typeof routeTemplates>): string {
  const own = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof own === "string" && own !== "*") return own;
  // express.static answered (no route ran): one series for every file.
  if (own === undefined && (status < 300 || status === 304) && (req.method === "GET" || req.method === "HEAD"))
    return "static";
  return routePatternOf(req.path, templates);
}

async function sendMetrics(res: Response) {
  const { contentType, body } = await metricsText();
  res.setHeader("Cache-Control", "no-store");
  res.type(contentType).send(body);
}

/** The URL paths of the files under `folder`, except the fingerprinted build (served on its own). */
function listPublicFiles(folder: string): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const urlPath = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (urlPath !== "/build") walk(path.join(dir, entry.name), urlPath);
      } else if (entry.isFile()) found.add(urlPath);
    }
  };
  if (fs.existsSync(folder)) walk(folder, "");
  return found;
}

/** METRICS_PORT: /metrics alone on a listener of its own, for a scraper inside the network. */
function startMetricsListener(port: number): Server {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    metricsText()
      .then(({ contentType, body }) =>
        res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body),
      )
      .catch(() => res.writeHead(500, { "Content-Type": "text/plain" }).end("metrics unavailable"));
  });
  server.listen(port, () => log(`metrics on http://localhost:${port}/metrics`));
  return server;
}

function securityHeaders(env: Env) {
  const https = env.SITE_URL.startsWith("https:");
  const formTargets = ["'self'"];
  // The checkout form answers with a redirect to the payment page; browsers check that target too.
  if (env.STRIPE_SECRET_KEY) formTargets.push("https://checkout.stripe.com");
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${String((res as Response).locals.cspNonce)}'`],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: formTargets,
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
}

/** SIGTERM/SIGINT: stop accepting, let requests in flight finish (bounded), stop jobs, close the database, exit 0. */
function handleShutdown(server: Server, app: express.Express, metricsServer?: Server) {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    (app.locals.state as AppState).shuttingDown = true;
    log(`${signal} received: finishing requests in flight (up to ${SHUTDOWN_GRACE_MS} ms)`);
    const force = setTimeout(() => {
      log("grace period over: closing remaining connections");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      metricsServer?.close();
      void (async () => {
        try {
          await stopBackgroundJobs();
          await closeAppDatabase();
          log("shut down cleanly");
          process.exit(0);
        } catch (error) {
          log(`shutdown error: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        }
      })();
    });
    // Keep-alive connections go idle as their last response ends: close them as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** Ends the process as Node would on an uncaught error: the stack on stderr, exit code 1. */
function exitFatally(error: unknown): never {
  process.stderr.write(`Fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}

if (process.env.SANAD_SERVER_NO_AUTOSTART !== "1") {
  // One known driver error may escape while PostgreSQL goes away (see isDriverWriteAfterClose):
  // log it and keep serving. Anything else ends the process as Node would (stack, exit 1).
  process.on("uncaughtException", (error) => {
    if (isDriverWriteAfterClose(error)) {
      log("database connection closed while a write was pending (postgres.js): ignored, the query already failed");
      return;
    }
    exitFatally(error);
  });

  main().catch((error: unknown) => {
    exitFatally(error);
  });
}
