import path from "node:path";
import * as z from "zod";
import { parseOpeningHours } from "./cases/office-time";
import { DEFAULT_DATABASE_TIMEOUTS } from "../db/client";
import { secretInDataFolder } from "../db/data-folder-secret";
import { dataKeysFromSessionSecrets, developmentDataKey, parseKeyList } from "../db/encryption";

/** A bad configuration value: the server prints the message (one line) and stops. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const httpUrl = z
  .string()
  .refine(
    (value) => /^https?:\/\/[^/\s]+/i.test(value) && URL.canParse(value),
    "must be an http(s) URL such as https://example.com",
  )
  .transform((value) => value.replace(/\/+$/, ""));

const milliseconds = (min: number, max: number) =>
  z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** Office hours as shipped, in both languages. */
/** The brand and its Arabic form ("Sanad" is سند). */
export const DEFAULT_SITE_NAME = { en: "Sanad Legal", ar: "سند القانونية" } as const;

export const DEFAULT_OFFICE_HOURS = {
  en: "Sunday to Thursday, 9:00 to 18:00 (Gulf Standard Time)",
  ar: "من الأحد إلى الخميس، من 9:00 إلى 18:00 (بتوقيت الخليج)",
} as const;

/** The supplier details shipped for development and demos: set the real ones (SUPPLIER_*) before issuing invoices. */
export const DEFAULT_SUPPLIER = {
  address: "Office 1204, Bay Square Building 5, Business Bay, Dubai, United Arab Emirates",
  addressAr: "مكتب 1204، مبنى باي سكوير 5، الخليج التجاري، دبي، الإمارات العربية المتحدة",
  trn: "100000000000003",
} as const;

const schema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { message: "must be development, production or test" })
    .default("development"),
  PORT: z.coerce
    .number({ message: "must be a whole number between 1 and 65535" })
    .int("must be a whole number between 1 and 65535")
    .min(1, "must be a whole number between 1 and 65535")
    .max(65535, "must be a whole number between 1 and 65535")
    .default(3000),
  SITE_URL: httpUrl.optional(),
  SITE_NAME: z.string().trim().min(1).max(60, "must be at most 60 characters").default(DEFAULT_SITE_NAME.en),
  /** The brand as Arabic text writes it: a Latin name inside an Arabic sentence breaks its direction. */
  SITE_NAME_AR: z.string().trim().min(1).max(60, "must be at most 60 characters").optional(),
  /** One secret, or several separated by commas: the first signs, all verify (rotation). */
  SESSION_SECRET: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.length > 0 && list.every((s) => s.length >= 32),
      "must be at least 32 characters (comma-separate several to rotate)",
    )
    .optional(),
  /** Keys that encrypt stored documents and secrets (docs/decisions/081): comma-separated; the first encrypts, all decrypt. */
  DATA_ENCRYPTION_KEYS: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseKeyList(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message.replace(/^DATA_ENCRYPTION_KEYS /, "") });
      }
    })
    .optional(),
  DATABASE_URL: z
    .string()
    .refine(
      (value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value),
      "must be a postgres:// or postgresql:// URL",
    )
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100, "must be between 1 and 100").default(10),
  /** PostgreSQL only (db/client.ts): a new connection must be ready within this. */
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(500, 60_000).default(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  /** PostgreSQL only: the server cancels longer statements; a connection silent for this plus a second is dropped. */
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(500, 600_000).default(DEFAULT_DATABASE_TIMEOUTS.statementMs),
  /** PostgreSQL only: the server ends a session left idle inside a transaction for this long. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(500, 600_000).default(
    DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs,
  ),
  DATA_DIR: z.string().min(1).default("./data"),
  /** How many proxy hops in front of us to trust for the client address (0: none). */
  TRUST_PROXY: z.coerce
    .number({ message: "must be a number of proxy hops (0, 1, 2…)" })
    .int()
    .min(0)
    .max(10)
    .default(0),
  CONTACT_PHONE: z.string().trim().min(3).max(40).default("+971 4 123 4567"),
  CONTACT_EMAIL: z.email({ message: "must be an e-mail address" }).default("info@sanadlegal.ae"),
  OFFICE_HOURS: z.string().trim().min(3).max(120).default(DEFAULT_OFFICE_HOURS.en),
  /** The same hours in Arabic, shown on Arabic pages (set it whenever OFFICE_HOURS changes). */
  OFFICE_HOURS_AR: z.string().trim().min(3).max(120).optional(),
  /** When the office is open on its working days (Sunday to Thursday, Gulf time): promised turnarounds count in this time. */
  OFFICE_OPENING_HOURS: z
    .string()
    .refine(
      (value) => parseOpeningHours(value) !== undefined,
      "must be an opening such as 09:00-18:00 (24-hour clock, closing after opening)",
    )
    .default("09:00-18:00"),
  /** Free minutes kept after every consultation before the consultant's next one. */
  CONSULTATION_BUFFER_MINUTES: z.coerce
    .number({ message: "must be a whole number of minutes" })
    .int()
    .min(0)
    .max(240)
    .default(15),
  /** The earliest a session can be booked: this many office hours from now. */
  CONSULTATION_NOTICE_OFFICE_HOURS: z.coerce.number({ message: "must be a number of hours" }).min(0).max(72).default(4),
  /** Clients may reschedule or cancel a session until this many hours before it (staff at any time). */
  CONSULTATION_CHANGE_HOURS: z.coerce
    .number({ message: "must be a whole number of hours" })
    .int()
    .min(0)
    .max(336)
    .default(24),
  /** How often each server process looks for consultation reminders that are due. */
  CONSULTATION_REMINDER_INTERVAL_SECONDS: z.coerce
    .number({ message: "must be a whole number of seconds" })
    .int()
    .min(1)
    .max(3600)
    .default(60),
  /** The video meeting link of a session; {room} becomes an unguessable room name. */
  CONSULTATION_VIDEO_URL: z
    .string()
    .refine(
      (value) => value.includes("{room}") && URL.canParse(value.replace("{room}", "room")),
      "must be an https URL containing {room}",
    )
    .default("https://meet.jit.si/{room}"),
  STAFF_EMAIL: z.email({ message: "must be an e-mail address" }).optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value) && URL.canParse(value), "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  /** Wait before the first retry of a failed send, in seconds; doubles per attempt up to an hour (tests shorten it). */
  MAIL_RETRY_SECONDS: z.coerce.number({ message: "must be a number of seconds" }).int().min(1).max(3600).default(30),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must look like sk_test_… or sk_live_…")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must look like whsec_…")
    .optional(),
  /** Only for tests: where the Stripe SDK sends its requests (a local fake API). */
  STRIPE_API_BASE: httpUrl.optional(),
  ALLOW_TEST_PAYMENTS: booleanFlag.default(false),
  ANTHROPIC_API_KEY: z.string().min(10, "looks too short to be an API key").optional(),
  ANTHROPIC_MODEL: z.string().trim().min(3).default("claude-sonnet-5"),
  /** Only for tests: where the Anthropic SDK sends its requests (a local fake API). */
  ANTHROPIC_BASE_URL: httpUrl.optional(),
  /** The longest wait for one assistant answer, retries included, in milliseconds. */
  ANTHROPIC_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int()
    .min(1000, "must be at least 1000")
    .max(300_000, "must be at most 300000")
    .default(45_000),
  /** Inquiry, check and wizard submissions per client address per hour (tests raise it). */
  INQUIRY_RATE_LIMIT: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(1_000_000).default(5),
  /** Chat widget messages per client address per hour. */
  CHAT_RATE_LIMIT: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(1_000_000).default(60),
  /** Web Vitals beacons per client address per minute (tests raise it: every browser test shares one address). */
  VITALS_RATE_LIMIT: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(1_000_000).default(60),
  /** The seller printed on tax invoices and credit notes (English and Arabic), and its UAE Tax Registration Number. */
  SUPPLIER_NAME: z.string().trim().min(2).max(150, "must be at most 150 characters").optional(),
  SUPPLIER_NAME_AR: z.string().trim().min(2).max(150, "must be at most 150 characters").optional(),
  SUPPLIER_ADDRESS: z
    .string()
    .trim()
    .min(5)
    .max(300, "must be at most 300 characters")
    .default(DEFAULT_SUPPLIER.address),
  SUPPLIER_ADDRESS_AR: z.string().trim().min(5).max(300, "must be at most 300 characters").optional(),
  SUPPLIER_TRN: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .refine((value) => /^\d{15}$/.test(value), "must be the 15-digit UAE Tax Registration Number")
    .default(DEFAULT_SUPPLIER.trn),
  /** UAE VAT in percent, included in every price (0 to 100, at most two decimals). */
  VAT_RATE: z
    .string()
    .refine(
      (value) => /^\d{1,3}(\.\d{1,2})?$/.test(value.trim()) && Number(value) <= 100,
      "must be a percentage from 0 to 100 such as 5 or 5.25",
    )
    .transform((value) => Math.round(Number(value) * 100))
    .default(500),
  /** Unpaid orders are cancelled (and their coupon use released) this many hours after they were placed. */
  UNPAID_ORDER_EXPIRY_HOURS: z.coerce
    .number({ message: "must be a whole number of hours" })
    .int("must be a whole number of hours")
    .min(1, "must be at least 1")
    .max(720, "must be at most 720 (30 days)")
    .default(72),
  DEMO_DATA: booleanFlag.default(false),
  LOG_REQUESTS: booleanFlag.default(true),
  /** Serve anonymous pages from the in-process page cache (docs/decisions/054); off only to measure without it. */
  PAGE_CACHE: booleanFlag.default(true),
  /** Prometheus metrics on their own listener (docs/decisions/096); unset: none there. */
  METRICS_PORT: z.coerce
    .number({ message: "must be a whole number between 1 and 65535" })
    .int()
    .min(1)
    .max(65535, "must be a whole number between 1 and 65535")
    .optional(),
  /** /metrics on the main port for "Authorization: Bearer <token>"; unset: not on the main port. */
  METRICS_TOKEN: z.string().trim().min(32, "must be at least 32 characters").optional(),
  /** Documents in object storage (docs/decisions/101): set with its region and keys; unset, documents stay in the database. */
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)",
    )
    .optional(),
  S3_REGION: z.string().trim().min(2).max(40).optional(),
  /** For S3-compatible services (Cloudflare R2, MinIO); unset for AWS S3. */
  S3_ENDPOINT: httpUrl.optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(3).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(8).max(200).optional(),
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO needs it. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Request and job logs: JSON lines, readable text, or JSON unless stdout is a terminal (auto). */
  LOG_FORMAT: z.enum(["auto", "json", "pretty"], { message: "must be auto, json or pretty" }).default("auto"),
});

/** Every variable the schema reads (.env.example must name each: tests/unit/deployment-files.test.ts). */
export const ENV_VARIABLES = Object.keys(schema.shape);

type RawEnv = z.infer<typeof schema>;

export type Env = Omit<
  RawEnv,
  | "SITE_URL"
  | "SITE_NAME_AR"
  | "SESSION_SECRET"
  | "DATA_ENCRYPTION_KEYS"
  | "STAFF_EMAIL"
  | "MAIL_FROM"
  | "OFFICE_HOURS_AR"
  | "SUPPLIER_NAME"
  | "SUPPLIER_NAME_AR"
  | "SUPPLIER_ADDRESS_AR"
> & {
  SITE_URL: string;
  SITE_NAME_AR: string;
  SUPPLIER_NAME: string;
  SUPPLIER_NAME_AR: string;
  SUPPLIER_ADDRESS_AR: string;
  /** VAT_RATE in basis points (500 = 5 %). */
  VAT_RATE: number;
  OFFICE_HOURS_AR: string;
  SESSION_SECRET: string[];
  /** The key list as configured (or the generated development key): the first encrypts, all decrypt. */
  DATA_ENCRYPTION_KEYS: string;
  /** Production without DATA_ENCRYPTION_KEYS: the keys are derived from SESSION_SECRET. */
  dataKeysFromSession: boolean;
  STAFF_EMAIL: string;
  MAIL_FROM: string;
  isProduction: boolean;
  /** Absolute path of the data folder. */
  dataDir: string;
};

/** Parses the environment; throws ConfigError with a one-line message naming the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Container platforms often pass unset variables as empty strings: treat them as unset.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => key in schema.shape && value !== undefined && value.trim() !== ""),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const given = cleaned[name];
    const shown =
      name.includes("SECRET") ||
      name.includes("KEY") ||
      name.includes("TOKEN") ||
      name === "DATABASE_URL" ||
      name === "SMTP_URL"
        ? ""
        : given === undefined
          ? ""
          : ` (got "${given}")`;
    throw new ConfigError(`Configuration error: ${name} ${issue.message}${shown}`);
  }
  const raw = result.data;
  const s3Set = (["S3_REGION", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter(
    (name) => raw[name] !== undefined,
  );
  if (raw.S3_BUCKET) {
    for (const name of ["S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (raw[name] === undefined)
        throw new ConfigError(
          `Configuration error: ${name} is required when S3_BUCKET is set (documents in object storage)`,
        );
    }
  } else if (s3Set.length > 0) {
    // A half-configured bucket would quietly keep documents in the database: say so at start.
    throw new ConfigError(
      `Configuration error: S3_BUCKET is required when ${s3Set[0]} is set (documents in object storage)`,
    );
  }
  const isProduction = raw.NODE_ENV === "production";
  const dataDir = path.resolve(raw.DATA_DIR);
  const siteUrl = raw.SITE_URL ?? `http://localhost:${raw.PORT}`;
  let secrets = raw.SESSION_SECRET;
  if (!secrets) {
    if (isProduction)
      throw new ConfigError(
        "Configuration error: SESSION_SECRET is required in production (at least 32 random characters)",
      );
    secrets = [developmentSecret(dataDir)];
  }
  // The default brand has its Arabic form; another brand without one is written as configured.
  const siteNameAr =
    raw.SITE_NAME_AR ?? (raw.SITE_NAME === DEFAULT_SITE_NAME.en ? DEFAULT_SITE_NAME.ar : raw.SITE_NAME);
  // Production without its own keys derives them from the session secret (shared by every
  // replica, never stored beside the data); elsewhere, like the session secret, a key made once
  // and kept in the data folder. db/encryption.ts makes the same choice.
  const dataKeysFromSession = !raw.DATA_ENCRYPTION_KEYS && isProduction;
  const dataKeys =
    raw.DATA_ENCRYPTION_KEYS ?? (isProduction ? dataKeysFromSessionSecrets(secrets) : developmentDataKey(dataDir));
  return {
    ...raw,
    SITE_URL: siteUrl,
    SESSION_SECRET: secrets,
    DATA_ENCRYPTION_KEYS: dataKeys,
    dataKeysFromSession,
    // Changed English hours without an Arabic rendering: show them as configured rather than stale Arabic hours.
    OFFICE_HOURS_AR:
      raw.OFFICE_HOURS_AR ??
      (raw.OFFICE_HOURS === DEFAULT_OFFICE_HOURS.en ? DEFAULT_OFFICE_HOURS.ar : raw.OFFICE_HOURS),
    STAFF_EMAIL: raw.STAFF_EMAIL ?? raw.CONTACT_EMAIL,
    SUPPLIER_NAME: raw.SUPPLIER_NAME ?? raw.SITE_NAME,
    // Without an Arabic rendering the names are printed as configured rather than a stale default.
    SITE_NAME_AR: siteNameAr,
    SUPPLIER_NAME_AR: raw.SUPPLIER_NAME_AR ?? (raw.SUPPLIER_NAME === undefined ? siteNameAr : raw.SUPPLIER_NAME),
    SUPPLIER_ADDRESS_AR:
      raw.SUPPLIER_ADDRESS_AR ??
      (raw.SUPPLIER_ADDRESS === DEFAULT_SUPPLIER.address ? DEFAULT_SUPPLIER.addressAr : raw.SUPPLIER_ADDRESS),
    MAIL_FROM:
      raw.MAIL_FROM ??
      `${raw.SITE_NAME} <no-reply@${new URL(siteUrl).hostname === "localhost" ? "sanadlegal.ae" : new URL(siteUrl).hostname}>`,
    isProduction,
    dataDir,
  };
}

/** The site's name in a language: the Arabic form (SITE_NAME_AR) on Arabic pages, mails and documents. */
export function siteName(lang: "en" | "ar", env: Pick<Env, "SITE_NAME" | "SITE_NAME_AR"> = getEnv()): string {
  return lang === "ar" ? env.SITE_NAME_AR : env.SITE_NAME;
}

/** Outside production a random secret is made once and kept in the data folder, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  return secretInDataFolder(dataDir, ".session-secret", "base64url");
}

const cacheKey = Symbol.for("sanad.env");
type EnvHolder = { [cacheKey]?: Env };

/** The validated configuration, parsed once per process (shared by server.ts and the Remix build). */
export function getEnv(): Env {
  const holder = globalThis as EnvHolder;
  holder[cacheKey] ??= parseEnv();
  return holder[cacheKey];
}

/** Tests: forget the cached configuration so the next getEnv() reads process.env again. */
export function resetEnvForTests() {
  delete (globalThis as EnvHolder)[cacheKey];
}

/**
 * How the server announces its mode at start. `npm start` builds a production bundle and then runs
 * it in development mode unless NODE_ENV says otherwise, so the line says which mode runs and why.
 */
export function describeMode(env: Env, source: Record<string, string | undefined> = process.env): string {
  if (env.NODE_ENV === "production") {
    return env.dataKeysFromSession
      ? "production mode (NODE_ENV=production; stored files are encrypted with a key derived from SESSION_SECRET: set DATA_ENCRYPTION_KEYS to keep the two apart)"
      : "production mode (NODE_ENV=production)";
  }
  if (env.NODE_ENV === "test") return "test mode (NODE_ENV=test)";
  const why = source.NODE_ENV?.trim() ? "NODE_ENV=development" : "NODE_ENV is not set";
  return `development mode (${why}: local defaults such as a generated session secret and /dev/mailbox; set NODE_ENV=production to deploy)`;
}
