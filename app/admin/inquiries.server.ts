import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { INQUIRY_STATUSES, inquiries, type InquiryStatus } from "../../db/schema";
import { db } from "../db.server";
import { isUuid } from "../utils/ids";

export const INQUIRY_PAGE_SIZE = 25;

export function isInquiryStatus(value: unknown): value is InquiryStatus {
  return typeof value === "string" && (INQUIRY_STATUSES as readonly string[]).includes(value);
}

export type InquiryFilters = { status: InquiryStatus | "all"; service: string; page: number };

export function parseInquiryFilters(params: URLSearchParams): InquiryFilters {
  const status = params.get("status");
  const service = (params.get("service") ?? "").trim().slice(0, 80);
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return { status: isInquiryStatus(status) ? status : "all", service, page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1 };
}

/** Inquiries, newest first, filtered by status and service type. */
export async function listInquiries(filters: InquiryFilters, pageSize = INQUIRY_PAGE_SIZE) {
  const conditions: SQL[] = [];
  if (filters.status !== "all") conditions.push(eq(inquiries.status, filters.status));
  if (filters.service) conditions.push(eq(inquiries.serviceType, filters.service));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totalRow], services] = await Promise.all([
    db
      .select({
        id: inquiries.id,
        kind: inquiries.kind,
        fullName: inquiries.fullName,
        email: inquiries.email,
        phone: inquiries.phone,
        serviceType: inquiries.serviceType,
        status: inquiries.status,
        createdAt: inquiries.createdAt,
        excerpt: sql<string | null>`left(${inquiries.message}, 140)`,
      })
      .from(inquiries)
      .where(where)
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
    db.select({ total: count() }).from(inquiries).where(where),
    db.selectDistinct({ serviceType: inquiries.serviceType }).from(inquiries).orderBy(inquiries.serviceType),
  ]);
  const total = totalRow?.total ?? 0;
  return { rows, total, page: filters.page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)), services: services.map((s) => s.serviceType) };
}

export async function getInquiry(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id));
  return row ?? null;
}

/** Marks an inquiry new, contacted or closed. False when the input is invalid or there is no such inquiry. */
export async function setInquiryStatus(id: unknown, status: unknown): Promise<boolean> {
  if (!isUuid(id) || !isInquiryStatus(status)) return false;
  const now = new Date();
  // The first answer starts a check request's retention period (app/privacy/retention.ts).
  const repliedAt = status === "new" ? inquiries.repliedAt : sql`coalesce(${inquiries.repliedAt}, ${now.toISOString()}::timestamptz)`;
  const updated = await db.update(inquiries).set({ status, repliedAt, updatedAt: now }).where(eq(inquiries.id, id)).returning({ id: inquiries.id });
  return updated.length > 0;
}
