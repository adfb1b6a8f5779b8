import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A random secret made once and kept in the data folder (outside production only), so what it
 * protects survives restarts: the session secret, the data-encryption key. Every process of the
 * folder gets the same one: the first to write it wins, the others read it.
 */
export function secretInDataFolder(dataDir: string, fileName: string, encoding: "base64" | "base64url"): string {
  const file = path.join(dataDir, fileName);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString(encoding);
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      return secret;
    } catch {
      // Another process wrote it first: use theirs.
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}
