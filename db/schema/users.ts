import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, encryptedText, id, updatedAt } from "./columns";

/**
 * client: orders and their own cases. staff: works the cases assigned to them and the unassigned
 * queue (no users, coupons or money). admin: everything.
 */
export const USER_ROLES = ["client", "staff", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** Roles that work cases in the back office. */
export const STAFF_ROLES = ["staff", "admin"] as const satisfies readonly UserRole[];

export const users = pgTable(
  "users",
  {
    id: id(),
    /** Stored lower-cased and trimmed; unique. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    fullName: text("full_name"),
    role: text("role", { enum: USER_ROLES }).notNull().default("client"),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    /** The TOTP secret (base32) once two-factor sign-in is switched on; null while it is off. */
    totpSecret: encryptedText("totp_secret", "users.totp_secret"),
    /** When two-factor sign-in was switched on (null: off). */
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last 30-second time step whose code was accepted: a code of that step or an older one is refused (no replay). */
    totpLastStep: integer("totp_last_step"),
    /** A secret shown on the enrolment page and not yet confirmed with a code. */
    totpPendingSecret: encryptedText("totp_pending_secret", "users.totp_pending_secret"),
    /** The language the user last used on the site: their e-mails are written in it. */
    lang: text("lang", { enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    /** When the client asked to close the account: signing in is refused from then on (docs/decisions/080). */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** When the closure job removed the profile (e-mail, name, password, documents, messages). */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    /** What the back office's search matches (name and e-mail), lower-cased; trigram-indexed. */
    searchText: text("search_text").generatedAlwaysAs(sql`lower(coalesce(full_name, '') || ' ' || email)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("users_closed_idx")
      .on(t.closedAt)
      .where(sql`${t.closedAt} is not null and ${t.anonymisedAt} is null`),
    uniqueIndex("users_email_key").on(t.email),
    // The back office's list in keyset pages (decision 093): newest first, by role, and the search.
    index("users_created_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("users_role_created_id_idx").on(t.role, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("users_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    check("users_role_check", sql`${t.role} in ('client', 'staff', 'admin')`),
    check("users_lang_check", sql`${t.lang} in ('en', 'ar')`),
  ],
);

export const AUTH_TOKEN_PURPOSES = ["verify-email", "reset-password", "admin-setup"] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/**
 * One-time tokens sent by e-mail (verification, password reset) or printed at start (first admin
 * set-up). Only a SHA-256 of the token is stored; a used token keeps its row with used_at set.
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: id(),
    /** Null only for the first-admin set-up token, which belongs to no account yet. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: AUTH_TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_tokens_hash_key").on(t.tokenHash),
    index("auth_tokens_user_purpose_idx").on(t.userId, t.purpose),
    check("auth_tokens_purpose_check", sql`${t.purpose} in ('verify-email', 'reset-password', 'admin-setup')`),
  ],
);

export const SESSION_STAGES = ["active", "second-factor", "unverified"] as const;
/**
 * active: signed in. second-factor: the password was right and the authenticator code is awaited.
 * unverified: the password was right but the address is not confirmed yet (the login page offers a
 * new verification link). Only "active" sessions are signed in.
 */
export type SessionStage = (typeof SESSION_STAGES)[number];

/**
 * Server-side sessions: the signed `__session` cookie carries a random token; only its SHA-256
 * is stored. Deleting the row signs that browser out on every instance at once.
 */
export const sessions = pgTable(
  "sessions",
  {
    /** Names the session in forms (sign out one device); never accepted as a credential. */
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    stage: text("stage", { enum: SESSION_STAGES }).notNull().default("active"),
    userAgent: text("user_agent"),
    clientAddress: text("client_address"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_key").on(t.tokenHash),
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
    check("sessions_stage_check", sql`${t.stage} in ('active', 'second-factor', 'unverified')`),
  ],
);

/** Ten single-use recovery codes per account with two-factor sign-in, stored as SHA-256 only. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_key").on(t.userId, t.codeHash)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type AuthToken = typeof authTokens.$inferSelect;
