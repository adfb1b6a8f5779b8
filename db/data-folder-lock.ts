import fs from "node:fs";
import path from "node:path";

/** PGlite allows one process per data folder; a second one would corrupt it. */
export class DataFolderBusyError extends Error {
  override name = "DataFolderBusyError";
}

type LockInfo = { pid: number; owner: string; since: string };

function isAlive(pid: number) {
  if (pid === process.pid) return false; // a stale file from an earlier run that had our pid (containers reuse pid 1)
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Claims the embedded database folder for this process, or throws a DataFolderBusyError that says
 * who holds it. Returns a release function.
 */
export function claimDataFolder(dir: string, owner: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "in-use.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const info: LockInfo = { pid: process.pid, owner, since: new Date().toISOString() };
      fs.writeFileSync(file, JSON.stringify(info), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const current = JSON.parse(fs.readFileSync(file, "utf8")) as LockInfo;
          if (current.pid === process.pid) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder: LockInfo | undefined;
      try {
        holder = JSON.parse(fs.readFileSync(file, "utf8")) as LockInfo;
      } catch {
        holder = undefined;
      }
      if (holder && isAlive(holder.pid)) {
        throw new DataFolderBusyError(
          `The embedded database in ${dir} is in use by the ${holder.owner} (pid ${holder.pid}, since ${holder.since}). ` +
            `Stop it first (only one process may open the embedded database), or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DataFolderBusyError(`Could not claim the embedded database folder ${dir}`);
}
