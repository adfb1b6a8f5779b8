// npm run data:reencrypt
// Re-encrypts every stored document and two-factor secret with the newest key (the first of
// DATA_ENCRYPTION_KEYS), and encrypts any still stored in plain. Run it after putting a new key
// first in the list; once it reports done, older keys may be removed from the list.
// Documents kept in the bucket (S3_BUCKET) are re-sealed too.
// With the embedded database, run it while the server is stopped.
import { UnknownDataKeyError } from "../db/encryption";
import { reencryptStoredData } from "../app/privacy/encryption-jobs.server";
import { resealBucketDocuments } from "../app/documents/move.server";
import { ObjectStoreUnavailable } from "../app/documents/object-store.server";
import { getEnv } from "../app/env.server";
import { CliError, runCli } from "./cli";

await runCli("data:reencrypt", async () => {
  getEnv();
  try {
    const result = await reencryptStoredData({ rotate: true });
    console.log(
      `Re-encrypted with the newest key: ${result.documents} documents, ${result.exports} data-export archives, ${result.secrets} two-factor secrets.`,
    );
    // Documents in the bucket (docs/decisions/101) are sealed the same way: re-sealed object by object.
    if (getEnv().S3_BUCKET)
      console.log(`Re-sealed with the newest key: ${await resealBucketDocuments()} documents in the bucket.`);
  } catch (error) {
    if (error instanceof UnknownDataKeyError || error instanceof ObjectStoreUnavailable)
      throw new CliError(`data:reencrypt: ${error.message}`);
    throw error;
  }
});
