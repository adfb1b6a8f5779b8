// npm run documents:to-bucket    moves documents stored in the database to S3_BUCKET
// npm run documents:to-database  moves them from the bucket back into the database
// In batches, each document checked before its old copy goes; safe to stop and run again
// (docs/decisions/101). Needs the bucket's settings (S3_*) either way. With the embedded
// database, run it while the server is stopped; with PostgreSQL it may run beside the servers.
import { ObjectStoreUnavailable } from "../app/documents/object-store.server";
import { moveDocumentsToBucket, moveDocumentsToDatabase } from "../app/documents/move.server";
import { getEnv } from "../app/env.server";
import { UnknownDataKeyError } from "../db/encryption";
import { CliError, runCli } from "./cli";

const direction = process.argv[2];
if (direction !== "to-bucket" && direction !== "to-database") {
  console.error("usage: tsx scripts/documents-move.ts to-bucket|to-database");
  process.exit(2);
}
const name = `documents:${direction}`;

await runCli(name, async () => {
  if (!getEnv().S3_BUCKET)
    throw new CliError(
      `${name}: set S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for R2 or MinIO) first`,
    );
  const onBatch = (done: number) => console.log(`${name}: ${done} moved so far`);
  try {
    const moved =
      direction === "to-bucket" ? await moveDocumentsToBucket({ onBatch }) : await moveDocumentsToDatabase({ onBatch });
    console.log(
      `${name}: done, ${moved} document${moved === 1 ? "" : "s"} moved ${direction === "to-bucket" ? "to the bucket" : "into the database"}.`,
    );
  } catch (error) {
    if (error instanceof ObjectStoreUnavailable || error instanceof UnknownDataKeyError)
      throw new CliError(`${name}: ${error.message} (what was moved stays moved; run it again)`);
    throw error;
  }
});
