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

/** The first step after `last` that the app accepts now (one either side of the current one, with a second of margin), or null. */
function acceptableStep(last: number, now = Date.now()): number | null {
  const current = stepAt(now);
  const intoStep = now % 30_000;
  const earliest = intoStep < 29_000 ? current - 1 : current;
  const step = Math.max(last + 1, earliest);
  return step <= current + 1 ? step : null;
}

async function nextStep(last: number): Promise<number> {
  for (;;) {
    const step = acceptableStep(last);
    if (step !== null) return step;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const usedInThisProcess = new Map<string, number>();

/**
 * A code nobody has used yet for an account, for tests that sign in with it again and again: the
 * app refuses a code whose step is not newer than the last accepted one, and accepts the steps
 * just before and after the current one; when none is left, this waits for the next step. Steps
 * used are remembered in this process, or in `stateFile` under a lock when several processes (test
 * workers) sign in as the same account.
 */
export async function unusedTotpCode(secretBase32: string, stateFile?: string): Promise<string> {
  if (!stateFile) {
    const step = await nextStep(usedInThisProcess.get(secretBase32) ?? -1);
    usedInThisProcess.set(secretBase32, step);
    return totpCode(secretBase32, step);
  }
  fs.mkdirSync(path.dirname(stateFile), { recursive: true });
  const lock = `${stateFile}.lock`;
  for (let tries = 0; ; tries++) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // A lock older than a minute was left by a crashed worker.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (tries > 900 || age > 60_000) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    const last = fs.existsSync(stateFile) ? Number(fs.readFileSync(stateFile, "utf8")) : -1;
    const step = await nextStep(last);
    fs.writeFileSync(stateFile, String(step));
    return totpCode(secretBase32, step);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
