import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// An implementation of RFC 4226 / RFC 6238 written for the tests, independent of the app's library,
// so a test that signs in with these codes checks the app against the standard, not against itself.

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP (RFC 4226) of `counter` with HMAC-SHA-1 and 6 digits. */
export function hotp(secretBase32: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = crypto.createHmac("sha1", base32Decode(secretBase32)).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(binary).padStart(6, "0");
}

/** The 30-second step of a time (RFC 6238 with T0 = 0). */
export const stepAt = (ms = Date.now()) => Math.floor(ms / 1000 / 30);

/** The TOTP code of a step (default: now). */
export const totpCode = (secretBase32: string, step = stepAt()) => hotp(secretBase32, step);

/**
 * A code nobody has used yet for an account, for tests that sign in with it again and again: the
 * app refuses a code whose step is not newer than the last accepted one, and accepts the steps
 * just before and after the current one. Steps used are remembered in `stateFile` under a lock
 * (several test workers may sign in as the same admin); when none is left, waits for the next.
 */
export async function unusedTotpCode(secretBase32: string, stateFile: string): Promise<string> {
  fs.mkdirSync(path.dirname(stateFile), { recursive: true });
  const lock = `${stateFile}.lock`;
  for (let tries = 0; ; tries++) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // A lock older than a minute was left by a crashed worker.
      if (tries > 600 || Date.now() - fs.statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 60_000) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    const last = fs.existsSync(stateFile) ? Number(fs.readFileSync(stateFile, "utf8")) : -1;
    for (;;) {
      // Step now + 1 is accepted a little early; keep a second of margin before a step ends.
      const now = Date.now();
      const step = Math.max(last + 1, stepAt(now) - 1);
      const nextStepIn = 30_000 - (now % 30_000);
      if (step <= stepAt(now) + (nextStepIn > 1000 ? 1 : 0) && step >= stepAt(now) - (now % 30_000 < 29_000 ? 1 : 0)) {
        fs.writeFileSync(stateFile, String(step));
        return totpCode(secretBase32, step);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(nextStepIn + 50, 1000)));
    }
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
