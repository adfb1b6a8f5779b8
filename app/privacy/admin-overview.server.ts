import { desc, eq } from "drizzle-orm";
import { accessLog, dataExports, users } from "../../db/schema";
import { db } from "../db.server";
import { pendingClosures } from "./account-closure.server";

/** What the admin privacy page shows: accounts waiting for the closure job, recent exports, the newest access-log entries. */
export async function privacyOverview() {
  const [closures, exportRows, log] = await Promise.all([
    pendingClosures(),
    db
      .select({ id: dataExports.id, status: dataExports.status, createdAt: dataExports.createdAt, email: users.email })
      .from(dataExports)
      .innerJoin(users, eq(users.id, dataExports.userId))
      .orderBy(desc(dataExports.createdAt))
      .limit(50),
    db.select().from(accessLog).orderBy(desc(accessLog.createdAt)).limit(50),
  ]);
  return { closures, exportRows, log };
}
