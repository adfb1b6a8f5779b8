// npm run restore -- FILE: puts a backup made by `npm run backup` in place of the embedded database
// (the server must be stopped; a database already there is moved aside, not deleted).
import path from "node:path";
import { BackupError, restoreEmbeddedDatabase } from "../db/backup";
import { DataFolderBusyError } from "../db/data-folder-lock";
import { ConfigError, getEnv } from "../app/env.server";

const file = process.argv[2];
try {
  if (!file) throw new BackupError("Usage: npm run restore -- FILE (a file made by npm run backup)");
  const env = getEnv();
  if (env.DATABASE_URL)
    throw new BackupError('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md, "Backups").');
  const { movedAside } = await restoreEmbeddedDatabase(env.dataDir, path.resolve(file));
  console.log(
    `Restored ${path.resolve(file)} into ${env.dataDir}.${movedAside ? ` The database that was there is kept in ${movedAside}.` : ""}`,
  );
  console.log(
    "Start the server with the SESSION_SECRET and DATA_ENCRYPTION_KEYS of the backed-up installation; pending migrations run at start.",
  );
  if (env.S3_BUCKET)
    console.log(
      `Documents kept in the bucket ${env.S3_BUCKET} are read from there: restore the bucket from the same time as this backup.`,
    );
  process.exit(0);
} catch (error) {
  if (error instanceof DataFolderBusyError) console.error(`${error.message}\nStop the server before restoring.`);
  else if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else console.error("restore failed:", error);
  process.exit(1);
}
