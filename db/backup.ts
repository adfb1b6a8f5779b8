import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgliteDir } from "./client";
import { claimDataFolder } from "./data-folder-lock";

/**
 * Backups of the embedded database (docs/decisions/098). PGlite belongs to one process: a copy
 * is taken of a stopped database, claimed like the server claims it, so it is consistent; while
 * the server runs the claim fails with a message saying to stop it. The file is PGlite's own
 * data-folder dump (a gzip tarball) without the folder's lock file.
 */
const LOCK_FILE = "in-use.lock";

export class BackupError extends Error {}

export async function backupEmbeddedDatabase(dataDir: string, file: string): Promise<{ bytes: number }> {
  const dir = pgliteDir(dataDir);
  if (!fs.existsSync(path.join(dir, "PG_VERSION")))
    throw new BackupError(`No embedded database in ${dir}: check DATA_DIR.`);
  const release = claimDataFolder(dir, "backup command");
  try {
    const database = new PGlite(dir, { extensions: { pg_trgm } });
    // A checkpoint first: every change is in the data files the dump copies.
    await database.exec("checkpoint");
    const dump = await database.dumpDataDir("gzip");
    await database.close();
    const bytes = Buffer.from(await dump.arrayBuffer());
    const partial = `${file}.partial`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
    return { bytes: bytes.length };
  } finally {
    release();
  }
}

/**
 * Restores a backup into DATA_DIR. A database already there is moved aside (never deleted), so a
 * restore over the wrong folder can be undone. Returns where it went, if anywhere.
 */
export async function restoreEmbeddedDatabase(dataDir: string, file: string): Promise<{ movedAside: string | null }> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const dir = pgliteDir(dataDir);
  const release = claimDataFolder(dir, "restore command");
  let movedAside: string | null = null;
  try {
    if (fs.existsSync(path.join(dir, "PG_VERSION"))) {
      movedAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      fs.mkdirSync(movedAside);
      for (const entry of fs.readdirSync(dir))
        if (entry !== LOCK_FILE) fs.renameSync(path.join(dir, entry), path.join(movedAside, entry));
    }
    const database = new PGlite(dir, { extensions: { pg_trgm }, loadDataDir: new Blob([fs.readFileSync(file)]) });
    await database.waitReady;
    // A backup of this application: its migrations table answers.
    await database.query("select count(*) from drizzle.__drizzle_migrations").catch(() => {
      throw new BackupError(`${file} is not a backup of this application's database.`);
    });
    await database.close();
    // The dump carries the lock of the process that made it: not a claim of anyone here.
    fs.rmSync(path.join(dir, LOCK_FILE), { force: true });
    return { movedAside };
  } finally {
    release();
  }
}
