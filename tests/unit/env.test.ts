import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, describeMode, parseEnv } from "../../app/env.server";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "sanad-env-"));

describe("configuration", () => {
  it("has working defaults for a laptop", () => {
    const env = parseEnv({ DATA_DIR: tmp() });
    expect(env.PORT).toBe(3000);
    expect(env.SITE_NAME).toBe("Sanad Legal");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.isProduction).toBe(false);
  });

  it("says at start which mode runs and why", () => {
    const unset = { DATA_DIR: tmp() };
    expect(describeMode(parseEnv(unset), unset)).toMatch(
      /^development mode \(NODE_ENV is not set: .*set NODE_ENV=production to deploy\)$/,
    );
    const development = { NODE_ENV: "development", DATA_DIR: tmp() };
    expect(describeMode(parseEnv(development), development)).toMatch(/^development mode \(NODE_ENV=development: /);
    const production = {
      NODE_ENV: "production",
      SESSION_SECRET: "x".repeat(32),
      DATA_ENCRYPTION_KEYS: "a".repeat(64),
      DATA_DIR: tmp(),
    };
    expect(describeMode(parseEnv(production), production)).toBe("production mode (NODE_ENV=production)");
  });

  it("names the variable and the bad value in one line", () => {
    expect(() => parseEnv({ PORT: "abc", DATA_DIR: tmp() })).toThrow(ConfigError);
    try {
      parseEnv({ PORT: "99999", DATA_DIR: tmp() });
    } catch (error) {
      expect((error as Error).message).toBe(
        'Configuration error: PORT must be a whole number between 1 and 65535 (got "99999")',
      );
      expect((error as Error).message).not.toContain("\n");
    }
    expect(() => parseEnv({ SITE_URL: "ftp://x", DATA_DIR: tmp() })).toThrow(/SITE_URL must be an http\(s\) URL/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x", DATA_DIR: tmp() })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => parseEnv({ CONTACT_EMAIL: "nope", DATA_DIR: tmp() })).toThrow(
      /CONTACT_EMAIL must be an e-mail address/,
    );
    expect(() => parseEnv({ ALLOW_TEST_PAYMENTS: "maybe", DATA_DIR: tmp() })).toThrow(
      /ALLOW_TEST_PAYMENTS must be true or false/,
    );
  });

  it("never prints secrets in its messages", () => {
    try {
      parseEnv({ SESSION_SECRET: "short-secret", DATA_DIR: tmp() });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/^Configuration error: SESSION_SECRET must be at least 32 characters/);
      expect((error as Error).message).not.toContain("short-secret");
    }
  });

  it("takes the bucket for documents only whole, and never prints its secret key", () => {
    const bucket = {
      S3_BUCKET: "sanad-documents",
      S3_REGION: "auto",
      S3_ENDPOINT: "https://acc.r2.cloudflarestorage.com/",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "very-secret-key-123",
      DATA_DIR: tmp(),
    };
    const env = parseEnv(bucket);
    expect(env.S3_BUCKET).toBe("sanad-documents");
    expect(env.S3_ENDPOINT).toBe("https://acc.r2.cloudflarestorage.com");
    expect(env.S3_FORCE_PATH_STYLE).toBe(false);
    expect(parseEnv({ ...bucket, S3_FORCE_PATH_STYLE: "true" }).S3_FORCE_PATH_STYLE).toBe(true);
    expect(parseEnv({ DATA_DIR: tmp() }).S3_BUCKET).toBeUndefined();
    expect(() => parseEnv({ ...bucket, S3_REGION: "" })).toThrow(
      "Configuration error: S3_REGION is required when S3_BUCKET is set",
    );
    expect(() => parseEnv({ ...bucket, S3_BUCKET: undefined })).toThrow(
      "Configuration error: S3_BUCKET is required when S3_REGION is set",
    );
    expect(() => parseEnv({ ...bucket, S3_BUCKET: "Not_A_Bucket" })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => parseEnv({ ...bucket, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    try {
      parseEnv({ ...bucket, S3_SECRET_ACCESS_KEY: "short" });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/^Configuration error: S3_SECRET_ACCESS_KEY /);
      expect((error as Error).message).not.toContain('short"');
    }
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATA_DIR: tmp() })).toThrow(
      "Configuration error: SESSION_SECRET is required in production",
    );
  });

  it("in production without DATA_ENCRYPTION_KEYS derives one data key per session secret, never the secret itself and nothing on disk", () => {
    const dir = tmp();
    const one = parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), DATA_DIR: dir });
    expect(one.dataKeysFromSession).toBe(true);
    expect(Buffer.from(one.DATA_ENCRYPTION_KEYS, "base64")).toHaveLength(32);
    expect(one.DATA_ENCRYPTION_KEYS).not.toContain("x".repeat(8));
    expect(fs.existsSync(path.join(dir, ".data-encryption-key"))).toBe(false);
    expect(describeMode(one)).toContain("derived from SESSION_SECRET");
    // Another replica with the same secret derives the same key; a rotation keeps the old key second.
    expect(
      parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), DATA_DIR: tmp() }).DATA_ENCRYPTION_KEYS,
    ).toBe(one.DATA_ENCRYPTION_KEYS);
    const rotated = parseEnv({
      NODE_ENV: "production",
      SESSION_SECRET: `${"y".repeat(32)},${"x".repeat(32)}`,
      DATA_DIR: dir,
    }).DATA_ENCRYPTION_KEYS.split(",");
    expect(rotated).toHaveLength(2);
    expect(rotated[1]).toBe(one.DATA_ENCRYPTION_KEYS);
    expect(rotated[0]).not.toBe(one.DATA_ENCRYPTION_KEYS);
  });

  it("takes DATA_ENCRYPTION_KEYS in production when given, checks each key and never prints one", () => {
    const base = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), DATA_DIR: tmp() };
    expect(parseEnv({ ...base, DATA_ENCRYPTION_KEYS: "a".repeat(64) }).dataKeysFromSession).toBe(false);
    expect(
      parseEnv({ ...base, DATA_ENCRYPTION_KEYS: `${"a".repeat(64)}, ${Buffer.alloc(32, 7).toString("base64")}` })
        .DATA_ENCRYPTION_KEYS,
    ).toContain("a".repeat(64));
    try {
      parseEnv({ ...base, DATA_ENCRYPTION_KEYS: `${"a".repeat(64)},not-a-key-at-all` });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(
        /^Configuration error: DATA_ENCRYPTION_KEYS key 2 must be 32 random bytes/,
      );
      expect((error as Error).message).not.toContain("not-a-key-at-all");
      expect((error as Error).message).not.toContain("a".repeat(64));
    }
  });

  it("outside production makes a data key once and keeps it in the data folder", () => {
    const dir = tmp();
    const first = parseEnv({ DATA_DIR: dir }).DATA_ENCRYPTION_KEYS;
    expect(Buffer.from(first, "base64")).toHaveLength(32);
    expect(parseEnv({ DATA_DIR: dir }).DATA_ENCRYPTION_KEYS).toBe(first);
    expect(fs.readFileSync(path.join(dir, ".data-encryption-key"), "utf8").trim()).toBe(first);
  });

  it("outside production makes a session secret once and keeps it in the data folder", () => {
    const dir = tmp();
    const first = parseEnv({ DATA_DIR: dir }).SESSION_SECRET;
    const second = parseEnv({ DATA_DIR: dir }).SESSION_SECRET;
    expect(first[0]!.length).toBeGreaterThanOrEqual(32);
    expect(second).toEqual(first);
    expect(fs.readFileSync(path.join(dir, ".session-secret"), "utf8").trim()).toBe(first[0]);
  });

  it("supports secret rotation and treats empty values as unset", () => {
    const env = parseEnv({ SESSION_SECRET: `${"a".repeat(32)},${"b".repeat(40)}`, PORT: "", DATA_DIR: tmp() });
    expect(env.SESSION_SECRET).toEqual(["a".repeat(32), "b".repeat(40)]);
    expect(env.PORT).toBe(3000);
  });
});
