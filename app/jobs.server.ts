import { startMailWorker } from "./mail/worker.server";
import { pruneRateLimits } from "./utils/rate-limit.server";

type Logger = (message: string) => void;

const timers: NodeJS.Timeout[] = [];
const stoppers: Array<() => Promise<void>> = [];

/** Background work of the server process: mail delivery and housekeeping. */
export async function startBackgroundJobs({ log }: { log: Logger }) {
  const prune = () => pruneRateLimits().catch((error: unknown) => log(`rate-limit pruning failed: ${String(error)}`));
  timers.push(setInterval(prune, 10 * 60 * 1000).unref());
  for (const register of jobRegistry) stoppers.push(await register(log));
}

export async function stopBackgroundJobs() {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const stop of stoppers.splice(0)) await stop();
}

/** Jobs started with the server; each returns its stop function. */
const jobRegistry: Array<(log: Logger) => Promise<() => Promise<void>>> = [async (log) => startMailWorker(log)];
