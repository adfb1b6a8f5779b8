/**
 * The process's log: one line per event on stdout. JSON lines for a log collector, or readable
 * text when a person runs the server in a terminal (LOG_FORMAT=auto decides by stdout being a
 * TTY). Request and job lines carry only bounded, non-secret facts: request id, method, route
 * pattern, status, duration, user id, job name. Never paths, query strings, form fields, tokens,
 * message bodies or document names (docs/decisions/096).
 */
export type LogFormat = "json" | "pretty";

export type RequestLine = {
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  userId?: string | undefined;
};
export type JobLine = { job: string; outcome: "ok" | "failed"; durationMs: number; error?: string | undefined };

export type Logger = {
  format: LogFormat;
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  request(line: RequestLine): void;
  job(line: JobLine): void;
};

export function resolveLogFormat(setting: "auto" | "json" | "pretty", stdoutIsTerminal: boolean): LogFormat {
  if (setting !== "auto") return setting;
  return stdoutIsTerminal ? "pretty" : "json";
}

export function createLogger(
  format: LogFormat,
  write: (line: string) => void = (line) => process.stdout.write(line),
): Logger {
  const emit = (
    level: "info" | "error",
    type: string,
    message: string,
    fields: Record<string, unknown>,
    pretty: string,
  ) => {
    const time = new Date().toISOString();
    if (format === "json") write(`${JSON.stringify({ time, level, type, msg: message, ...fields })}\n`);
    else write(`${time} ${pretty}\n`);
  };
  return {
    format,
    info: (message, fields = {}) => emit("info", "message", message, fields, message),
    error: (message, fields = {}) => emit("error", "message", message, fields, message),
    request: (line) => {
      const durationMs = Math.round(line.durationMs * 10) / 10;
      const user = line.userId ? ` user=${line.userId}` : "";
      emit(
        line.status >= 500 ? "error" : "info",
        "request",
        `${line.method} ${line.route} ${line.status}`,
        { ...line, durationMs },
        `${line.method} ${line.route} ${line.status} ${durationMs.toFixed(1)}ms id=${line.requestId}${user}`,
      );
    },
    job: (line) => {
      const durationMs = Math.round(line.durationMs * 10) / 10;
      const error = line.error ? `: ${line.error}` : "";
      emit(
        line.outcome === "ok" ? "info" : "error",
        "job",
        `job ${line.job} ${line.outcome}`,
        { ...line, durationMs },
        `job ${line.job} ${line.outcome} ${durationMs.toFixed(1)}ms${error}`,
      );
    },
  };
}

const loggerKey = Symbol.for("sanad.logger");

/** The process's logger (server.ts configures it at start; JSON until then unless stdout is a terminal). */
export function logger(): Logger {
  const g = globalThis as { [loggerKey]?: Logger };
  g[loggerKey] ??= createLogger(resolveLogFormat("auto", Boolean(process.stdout.isTTY)));
  return g[loggerKey];
}

export function configureLogger(format: LogFormat) {
  (globalThis as { [loggerKey]?: Logger })[loggerKey] = createLogger(format);
}
