// npm run backup -- FILE: a consistent copy of the embedded database (the server must be stopped).
// With DATABASE_URL, PostgreSQL's own pg_dump is the tool (docs/operations.md, "Backups").
import path from "node:path";
import { BackupError, backupEmbeddedDatabase } from "../db/backup";
import { DataFolderBusyError } from "../db/data-folder-lock";
import { ConfigError, getEnv } from "../app/env.server";

const file = process.argv[2];
try {
  if (!file) throw new BackupError("Usage: npm run backup -- FILE (for example backups/sanad-2026-11-28.tar.gz)");
  const env = getEnv();
  if (env.DATABASE_URL)
    throw new BackupError(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump -Fc "$DATABASE_URL" -f FILE (docs/operations.md, "Backups").',
    );
  const { bytes } = await backupEmbeddedDatabase(env.dataDir, path.resolve(file));
  console.log(
    `Backed up the embedded database in ${env.dataDir} to ${path.resolve(file)} (${Math.ceil(bytes / 1024)} KB).`,
  );
  console.log(
    "Keep SESSION_SECRET and DATA_ENCRYPTION_KEYS (or, outside production, DATA_DIR/.session-secret and .data-encryption-key) with it: stored documents cannot be read without them.",
  );
  if (env.S3_BUCKET)
    console.log(
      `Documents in the bucket ${env.S3_BUCKET} are not in this file: back the bucket up too (docs/operations.md, "Backups").`,
    );
  process.exit(0);
} catch (error) {
  if (error instanceof DataFolderBusyError)
    console.error(
      `${error.message}\nA backup copies a stopped database: stop the server, run the backup, start the server again.`,
    );
  else if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else console.error("backup failed:", error);
  process.exit(1);
}
