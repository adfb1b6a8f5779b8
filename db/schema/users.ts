import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

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
    /** Bumped on password change: sessions carrying an older version are signed out. */
    sessionVersion: integer("session_version").notNull().default(1),
    /** The language the user last used on the site: their e-mails are written in it. */
    lang: text("lang", { enum: ["en", "ar"] }).notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
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

export type User = typeof users.$inferSelect;
export type AuthToken = typeof authTokens.$inferSelect;
