import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { couponRedemptions, coupons, inquiries, orders, users } from "../../db/schema";
import {
  couponFormSchema,
  couponOrders,
  createCoupon,
  deleteCoupon,
  listCoupons,
  setCouponActive,
} from "../../app/admin/coupons.server";
import { getInquiry, listInquiries, parseInquiryFilters, setInquiryStatus } from "../../app/admin/inquiries.server";
import { changeUserRole, listUsers, parseUserFilters } from "../../app/admin/users.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

describe(`admin inquiries, coupons and users on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let admin: string;
  let client: string;
  beforeAll(async () => {
    const inserted = await t.handle.db
      .insert(users)
      .values([
        { email: "boss@example.com", passwordHash: "x", fullName: "Boss", role: "admin" },
        { email: "client@example.com", passwordHash: "x", fullName: "Client 100%", role: "client" },
      ])
      .returning({ id: users.id });
    admin = inserted[0]!.id;
    client = inserted[1]!.id;
  });

  it("lists inquiries by status and service, and marks them contacted or closed", async () => {
    const base = { fullName: "Visitor", email: "v@example.com", phone: "+971500000000", consentAt: new Date() };
    const rows = await t.handle.db
      .insert(inquiries)
      .values([
        { ...base, serviceType: "legal-consultation", message: "Question one", createdAt: new Date(Date.now() - 3000) },
        { ...base, serviceType: "travel-ban-check", kind: "travel-check", createdAt: new Date(Date.now() - 2000) },
        { ...base, serviceType: "legal-consultation", status: "closed", createdAt: new Date(Date.now() - 1000) },
      ])
      .returning({ id: inquiries.id });
    const all = await listInquiries(parseInquiryFilters(new URLSearchParams()));
    expect(all.total).toEqual({ count: 3, exact: true });
    expect(all.rows[0]!.id).toBe(rows[2]!.id);
    expect(all.services).toEqual(["legal-consultation", "travel-ban-check"]);
    expect(
      (
        await listInquiries(parseInquiryFilters(new URLSearchParams({ status: "new", service: "legal-consultation" })))
      ).rows.map((r) => r.id),
    ).toEqual([rows[0]!.id]);
    expect(parseInquiryFilters(new URLSearchParams({ status: "bogus", page: "-3", after: "x" }))).toEqual({
      q: "",
      status: "all",
      service: "",
      cursor: null,
    });

    expect(await setInquiryStatus(rows[0]!.id, "contacted")).toBe(true);
    expect((await getInquiry(rows[0]!.id))?.status).toBe("contacted");
    expect(await setInquiryStatus(rows[0]!.id, "deleted")).toBe(false);
    expect(await setInquiryStatus("nope", "closed")).toBe(false);
    expect(await getInquiry("nope")).toBeNull();
  });

  it("validates, creates, refuses duplicate and deactivates coupons", async () => {
    const parse = (data: Record<string, string>) => couponFormSchema.safeParse(data);
    expect(parse({ code: "x", kind: "percent", value: "10" }).success).toBe(false);
    expect(parse({ code: "SAVE10", kind: "percent", value: "150" }).success).toBe(false);
    expect(parse({ code: "SAVE10", kind: "percent", value: "10", expiresAt: "31/12/2026" }).success).toBe(false);
    expect(parse({ code: "SAVE10", kind: "gift", value: "10" }).success).toBe(false);
    const ok = parse({ code: " save10 ", kind: "percent", value: "10", expiresAt: "2026-12-31", maxRedemptions: "5" });
    expect(ok.success).toBe(true);
    if (!ok.success) return;
    expect(ok.data.code).toBe("SAVE10");
    const created = await createCoupon(ok.data, admin);
    expect(created.ok).toBe(true);
    expect(await createCoupon(ok.data, admin)).toEqual({ ok: false, error: "duplicate" });

    const fixed = parse({ code: "MINUS50", kind: "fixed", value: "50.5" });
    if (!fixed.success) throw new Error("fixed coupon should parse");
    await createCoupon(fixed.data, admin);
    const [stored] = await t.handle.db.select().from(coupons).where(eq(coupons.code, "MINUS50"));
    expect(stored!.value).toBe(5050);

    const [used] = await t.handle.db
      .insert(orders)
      .values({
        userId: client,
        amount: 45_000,
        subtotal: 50_000,
        discount: 5_000,
        couponCode: "SAVE10",
        paymentStatus: "paid",
      })
      .returning();
    await t.handle.db
      .insert(couponRedemptions)
      .values({ couponId: created.ok ? created.id : "", orderId: used!.id, userId: client, status: "paid" });
    const list = await listCoupons();
    expect(list.find((c) => c.code === "SAVE10")).toMatchObject({
      active: true,
      paid: 1,
      reserved: 0,
      maxRedemptions: 5,
    });
    // A used coupon is kept for the records; an unused one can be deleted.
    expect(await deleteCoupon(created.ok ? created.id : "")).toBe("in-use");
    expect(await deleteCoupon(stored!.id)).toBe("deleted");
    expect(await couponOrders("SAVE10")).toHaveLength(1);

    const id = created.ok ? created.id : "";
    expect(await setCouponActive(id, false)).toBe(true);
    expect((await listCoupons()).find((c) => c.code === "SAVE10")?.active).toBe(false);
    expect(await setCouponActive("not-an-id", false)).toBe(false);
  });

  it("promotes and demotes users, never oneself", async () => {
    const search = (params: Record<string, string>) => listUsers(parseUserFilters(new URLSearchParams(params)));
    expect((await search({ role: "admin" })).rows.map((u) => u.email)).toEqual(["boss@example.com"]);
    expect((await search({ q: "100%" })).rows.map((u) => u.email)).toEqual(["client@example.com"]);
    expect((await search({ q: "BOSS" })).rows.map((u) => u.email)).toEqual(["boss@example.com"]);
    expect((await search({ q: "%%" })).rows).toHaveLength(0);
    expect((await search({ q: "t_1" })).rows).toHaveLength(0);
    expect(await changeUserRole({ userId: admin, role: "client", actorId: admin })).toEqual({
      ok: false,
      error: "self",
    });
    expect(await changeUserRole({ userId: client, role: "superuser", actorId: admin })).toEqual({
      ok: false,
      error: "invalid-input",
    });
    expect(await changeUserRole({ userId: client, role: "admin", actorId: admin })).toEqual({ ok: true });
    const [row] = await t.handle.db.select({ role: users.role }).from(users).where(eq(users.id, client));
    expect(row!.role).toBe("admin");
    expect(await changeUserRole({ userId: client, role: "client", actorId: admin })).toEqual({ ok: true });
    expect(
      await changeUserRole({ userId: "00000000-0000-4000-8000-000000000000", role: "client", actorId: admin }),
    ).toEqual({ ok: false, error: "not-found" });
  });
});
