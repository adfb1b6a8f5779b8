import { users } from "../../db/schema";
import type { TestDatabase } from "./test-db";

/** A checkout form that passes validation (the spec's fields). */
export const validFields = {
  legalName: "Aisha Rahman",
  email: "aisha@example.com",
  phone: "+971 50 123 4567",
  state: "Dubai",
  description: "Travel ban check before a trip.",
};

export const travelBanBasic = [{ serviceType: "travel-ban", tierId: "basic", quantity: 1 }];

/** The checkout's multipart POST as a browser sends it (an empty file part when no file is chosen). */
export function checkoutRequest(
  fields: Record<string, string>,
  files: Array<{ name: string; data: Buffer; type?: string }> = [],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files)
    form.append(
      "documents",
      new File([new Uint8Array(file.data)], file.name, { type: file.type ?? "application/octet-stream" }),
    );
  if (!files.length) form.append("documents", new File([], "", { type: "application/octet-stream" }));
  return new Request("http://localhost/checkout", { method: "POST", body: form });
}

/** A client account (no password needed: these tests call the domain modules directly). */
export async function insertClient(
  t: TestDatabase,
  email: string,
  fullName: string | null = null,
  role: "client" | "admin" = "client",
) {
  const [user] = await t.handle.db.insert(users).values({ email, passwordHash: "x", fullName, role }).returning();
  return user!.id;
}
