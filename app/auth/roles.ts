import type { UserRole } from "../../db/schema";

/**
 * Whether accounts of this role must sign in with a second factor. Every role that is not a
 * client's is staff of some kind (admins today, more roles later): they all must.
 */
export function requiresTwoFactor(role: UserRole | string): boolean {
  return role !== "client";
}
