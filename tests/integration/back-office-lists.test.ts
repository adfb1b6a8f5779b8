import crypto from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { boundedCountSql, encodeCursor, type KeysetPage, type PageCursor } from "../../app/admin/keyset.server";
import {
  inquiryCountQuery,
  inquiryListScope,
  inquiryPageQuery,
  inquiryServicesQuery,
  listInquiries,
  parseInquiryFilters,
  setInquiryStatus,
} from "../../app/admin/inquiries.server";
import {
  listUsers,
  parseUserFilters,
  userCountQuery,
  userListScope,
  userPageQuery,
} from "../../app/admin/users.server";
import {
  listTaxDocuments,
  parseDateRange,
  taxDocumentCursor,
  taxDocumentPageQuery,
  taxDocumentsCsv,
} from "../../app/invoices/tax-documents.server";
import { inquiries, users } from "../../db/schema";
import { resultRows, testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

// The inquiries, users and invoices lists of the back office in keyset pages (decision 093).

type Lister = (params: URLSearchParams) => Promise<KeysetPage<{ id: string }>>;

/** Every page of a list, forwards by its next links, then backwards by its previous links. */
async function walk(list: Lister, params: Record<string, string>, between?: () => Promise<void>) {
  const forwards: string[][] = [];
  let page = await list(new URLSearchParams(params));
  forwards.push(page.rows.map((r) => r.id));
  while (page.next) {
    await between?.();
    page = await list(new URLSearchParams({ ...params, after: page.next }));
    forwards.push(page.rows.map((r) => r.id));
    if (forwards.length > 200) throw new Error("the pages do not end");
  }
  const backwards: string[][] = [forwards[forwards.length - 1]!];
  while (page.previous) {
    page = await list(new URLSearchParams({ ...params, before: page.previous }));
    backwards.unshift(page.rows.map((r) => r.id));
    if (backwards.length > 200) throw new Error("the pages do not end");
  }
  return { forwards, backwards };
}

describe(`back-office lists in keyset pages on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let client = "";
  const inquiryPages: Lister = (params) => listInquiries(parseInquiryFilters(params), 4);
  const userPages: Lister = (params) => listUsers(parseUserFilters(params), 4);
  const invoicePages: Lister = async (params) => {
    const parsed = parseDateRange(params);
    if (!parsed.ok) throw new Error(parsed.error);
    return listTaxDocuments(parsed.range, { cursor: taxDocumentCursor(params, parsed.range), pageSize: 4 });
  };

  beforeAll(async () => {
    const base = Date.now() - 10 * 86_400_000;
    // Some accounts share a creation time: the id orders them.
    await t.handle.db.insert(users).values(
      Array.from({ length: 23 }, (_, i) => ({
        email: `list${i}@example.com`,
        passwordHash: "x",
        fullName: i % 2 ? `Mariam Haddad ${i}` : `Omar Saleh ${i}`,
        role: (["client", "client", "staff", "admin"] as const)[i % 4],
        createdAt: new Date(base + Math.floor(i / 3) * 60_000),
      })),
    );
    client = resultRows(await t.handle.db.execute(sql`select id from users where email = 'list0@example.com'`))[0]!
      .id as string;
    await t.handle.db.insert(inquiries).values(
      Array.from({ length: 27 }, (_, i) => ({
        fullName: i % 3 ? `Visitor Haddad ${i}` : `Visitor Nasser ${i}`,
        email: `visitor${i}@example.com`,
        phone: `+9715000000${String(i).padStart(2, "0")}`,
        serviceType: (["legal-consultation", "travel-ban-check", "contract-review"] as const)[i % 3],
        status: (["new", "contacted", "closed"] as const)[(i >> 1) % 3],
        consentAt: new Date(),
        createdAt: new Date(base + Math.floor(i / 2) * 60_000),
      })),
    );
    // Tax documents are written once (a trigger refuses changes): one invoice per order, issued a day apart, some on the same second.
    await t.handle.db.execute(sql`
      with made as (
        insert into orders (user_id, amount, subtotal, status, payment_status, created_at)
        select ${client}::uuid, 10500, 10500, 'completed', 'paid', now() - g * interval '1 day' from generate_series(1, 14) g returning id, created_at)
      insert into tax_documents (kind, series, number, document_number, order_id, lang, issued_at, supply_date, supplier, customer, lines, vat_rate, total_taxable, total_vat, total)
      select 'invoice', 'INV', n, 'INV-' || lpad(n::text, 6, '0'), id, 'en', date_trunc('day', now()) - ((n + 1) / 2) * interval '1 day', created_at, '{"name":"S"}', '{"name":"C"}', '[]', 500, 10000, 500, 10500
      from (select id, created_at, row_number() over (order by id) as n from made) numbered`);
  });

  it("walks every filtered list page by page exactly once, forwards and back, in the list's order", async () => {
    type Case = [string, Lister, Record<string, string>, (params: URLSearchParams) => Promise<string[]>];
    const cases: Case[] = [
      ...(
        [
          {},
          { status: "new" },
          { service: "travel-ban-check" },
          { status: "contacted", service: "legal-consultation" },
          { q: "HADDAD" },
          { q: "+97150000001" },
          { q: "haddad", status: "contacted" },
        ] as Array<Record<string, string>>
      ).map((params): Case => [
        "inquiries",
        inquiryPages,
        params,
        async (p) => (await listInquiries(parseInquiryFilters(p), 1000)).rows.map((r) => r.id),
      ]),
      ...(
        [{}, { role: "client" }, { q: "haddad" }, { q: "haddad", role: "admin" }, { q: "list1" }] as Array<
          Record<string, string>
        >
      ).map((params): Case => [
        "users",
        userPages,
        params,
        async (p) => (await listUsers(parseUserFilters(p), 1000)).rows.map((r) => r.id),
      ]),
      [
        "invoices",
        invoicePages,
        { from: "2020-01-01", to: "2029-12-31" },
        async (p) => {
          const parsed = parseDateRange(p);
          return parsed.ok ? (await listTaxDocuments(parsed.range, { pageSize: 1000 })).rows.map((r) => r.id) : [];
        },
      ],
    ];
    for (const [name, list, params, everything] of cases) {
      const label = `${name} ${JSON.stringify(params)}`;
      const all = await everything(new URLSearchParams(params));
      const { forwards, backwards } = await walk(list, params);
      expect(all.length, label).toBeGreaterThan(0);
      expect(forwards.flat(), label).toEqual(all);
      expect(backwards, label).toEqual(forwards);
    }
    // The list's order: newest first (inquiries, users), oldest first (invoices), the id breaking ties.
    const listed = (await listInquiries(parseInquiryFilters(new URLSearchParams()), 1000)).rows;
    const sorted = [...listed].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    expect(listed.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
  });

  it("shows no inquiry twice and skips none that stays in the filter while an admin changes statuses between pages", async () => {
    const stable = (await listInquiries(parseInquiryFilters(new URLSearchParams({ service: "contract-review" })), 1000))
      .rows;
    const moving = (
      await listInquiries(parseInquiryFilters(new URLSearchParams({ service: "travel-ban-check" })), 1000)
    ).rows;
    let turn = 0;
    const { forwards } = await walk(inquiryPages, {}, async () => {
      for (const row of moving.slice(turn * 2, turn * 2 + 2))
        await setInquiryStatus(row.id, turn % 2 ? "closed" : "contacted");
      turn++;
    });
    const seen = forwards.flat();
    expect(new Set(seen).size).toBe(seen.length);
    for (const row of stable) expect(seen).toContain(row.id);
  });

  it("counts up to 1,000 and says 'more than' beyond", async () => {
    expect((await listInquiries(parseInquiryFilters(new URLSearchParams()))).total).toEqual({ count: 27, exact: true });
    expect((await listInquiries(parseInquiryFilters(new URLSearchParams({ q: "nasser" })))).total).toEqual({
      count: 9,
      exact: true,
    });
    expect((await listUsers(parseUserFilters(new URLSearchParams({ role: "admin" })))).total).toEqual({
      count: 5,
      exact: true,
    });
    const n = resultRows(await t.handle.db.execute(boundedCountSql(sql`select 1 from generate_series(1, 5000)`)))[0]!.n;
    expect(Number(n)).toBe(1001);
    expect((await listInquiries(parseInquiryFilters(new URLSearchParams()))).services).toEqual([
      "contract-review",
      "legal-consultation",
      "travel-ban-check",
    ]);
  });

  it("opens the first page for an altered cursor, one of another list or filter, a malformed position and one whose rows have gone", async () => {
    const ids = async (list: Lister, params: Record<string, string>) =>
      (await list(new URLSearchParams(params))).rows.map((r) => r.id);
    const first = await inquiryPages(new URLSearchParams({ status: "new" }));
    const firstIds = first.rows.map((r) => r.id);
    const [payload, signature] = first.next!.split(".");
    const forged = Buffer.from(JSON.stringify(["2000-01-01 00:00:00+00", crypto.randomUUID()])).toString("base64url");
    for (const bad of [
      `${forged}.${signature}`,
      `${payload}.${"A".repeat(22)}`,
      "nonsense",
      "a.b.c",
      "%%%",
      "\u0000",
      "x".repeat(5000),
      `${payload}`,
    ]) {
      expect(await ids(inquiryPages, { status: "new", after: bad })).toEqual(firstIds);
      expect(await ids(inquiryPages, { status: "new", before: bad })).toEqual(firstIds);
    }
    // Made for another filter of the same list, and for another list.
    expect(await ids(inquiryPages, { status: "closed", after: first.next! })).toEqual(
      await ids(inquiryPages, { status: "closed" }),
    );
    const usersFirst = await ids(userPages, {});
    expect(await ids(userPages, { after: first.next! })).toEqual(usersFirst);
    // Signed but malformed positions never reach the database as such.
    const scope = inquiryListScope({ q: "", status: "new", service: "" });
    for (const position of [
      { key: "not a time", id: crypto.randomUUID() },
      { key: "2026-01-01 00:00:00+00", id: "x'; drop table users; --" },
      { key: null, id: crypto.randomUUID() },
    ]) {
      expect(await ids(inquiryPages, { status: "new", after: encodeCursor(position, scope) })).toEqual(firstIds);
    }
    // Rows gone: nothing after the oldest, nothing before the newest.
    expect(
      await ids(inquiryPages, {
        status: "new",
        after: encodeCursor({ key: "1970-01-01 00:00:00+00", id: crypto.randomUUID() }, scope),
      }),
    ).toEqual(firstIds);
    expect(
      await ids(inquiryPages, {
        status: "new",
        before: encodeCursor({ key: "2999-01-01 00:00:00+00", id: crypto.randomUUID() }, scope),
      }),
    ).toEqual(firstIds);
    expect(
      await ids(userPages, {
        before: encodeCursor(
          { key: "2999-01-01 00:00:00+00", id: crypto.randomUUID() },
          userListScope({ q: "", role: "all" }),
        ),
      }),
    ).toEqual(usersFirst);
    // An invoice cursor of another period opens the first page of this one.
    const period = { from: "2020-01-01", to: "2029-12-31" };
    const invoices = await invoicePages(new URLSearchParams(period));
    expect(await ids(invoicePages, { from: "2021-01-01", to: "2029-12-31", after: invoices.next! })).toEqual(
      await ids(invoicePages, { from: "2021-01-01", to: "2029-12-31" }),
    );
    // Hostile filter values fall back to the defaults.
    expect(parseUserFilters(new URLSearchParams({ role: "superuser", q: "x".repeat(500) }))).toEqual({
      q: "x".repeat(100),
      role: "all",
      cursor: null,
    });
  });

  it("exports every invoice of the period in keyset batches, each once, in the list's order", async () => {
    const parsed = parseDateRange(new URLSearchParams({ from: "2020-01-01", to: "2029-12-31" }));
    if (!parsed.ok) throw new Error(parsed.error);
    let csv = "";
    for await (const chunk of taxDocumentsCsv(parsed.range, 3)) csv += chunk;
    const numbers = csv
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[0]);
    const listed = (await listTaxDocuments(parsed.range, { pageSize: 1000 })).rows.map((r) => r.documentNumber);
    expect(numbers).toEqual(listed);
    expect(new Set(numbers).size).toBe(14);
  });

  // PostgreSQL only: seeding 300,000 rows takes PGlite over two minutes of a shared CI machine, and the plans are the server's.
  it.runIf(testDbKind() === "postgres")(
    "reads every offered filter of inquiries, users and invoices from an index at 100,000 rows each",
    { timeout: 300_000 },
    async () => {
      // 100,000 of each, in statements of 2,500 (each far from the statement timeout).
      for (let from = 1; from <= 100_000; from += 2_500) {
        const to = from + 2_499;
        await t.handle.db.execute(sql`
        insert into inquiries (full_name, email, phone, service_type, status, consent_at, created_at)
        select (array['Aisha','Omar','Khalid'])[1 + g % 3] || ' ' || (array['Haddad','Nasser','Saleh','Karim'])[1 + g % 4] || ' ' || g, 'visitor' || g || '@plans.example.com', '+97150' || lpad(g::text, 7, '0'),
          (array['legal-consultation','travel-ban-check','contract-review','company-formation'])[1 + g % 4], case when g <= 300 then 'new' when g % 5 = 0 then 'contacted' else 'closed' end,
          now(), now() - g * interval '317 seconds'
        from generate_series(${from}::int, ${to}::int) g`);
        await t.handle.db.execute(sql`
        insert into users (email, password_hash, full_name, role, created_at)
        select 'plan' || g || '@plans.example.com', 'x', (array['Aisha','Omar','Khalid'])[1 + g % 3] || ' ' || (array['Haddad','Nasser','Saleh','Karim'])[1 + g % 4], case when g % 2000 = 0 then 'staff' else 'client' end, now() - g * interval '317 seconds'
        from generate_series(${from}::int, ${to}::int) g`);
        await t.handle.db.execute(sql`
        with made as (
          insert into orders (user_id, amount, subtotal, status, payment_status, created_at)
          select ${client}::uuid, 10500, 10500, 'completed', 'paid', now() - g * interval '317 seconds' from generate_series(${from}::int, ${to}::int) g returning id, created_at)
        insert into tax_documents (kind, series, number, document_number, order_id, lang, issued_at, supply_date, supplier, customer, lines, vat_rate, total_taxable, total_vat, total)
        select 'invoice', 'PLAN', n, 'PLAN-' || n, id, 'en', created_at, created_at, '{"name":"S"}', '{"name":"C"}', '[]', 500, 10000, 500, 10500
        from (select id, created_at, ${from}::int - 1 + row_number() over (order by id) as n from made) numbered`);
      }
      await t.handle.db.execute(sql`analyze inquiries`);
      await t.handle.db.execute(sql`analyze users`);
      await t.handle.db.execute(sql`analyze tax_documents`);
      const tables = new Set(["inquiries", "users", "tax_documents"]);
      const problems: string[] = [];
      /** Fails on a sequential scan of a list's table (the plan as run, with the rows it read). */
      const explain = async (label: string, query: SQL | { getSQL(): SQL }) => {
        const [row] = resultRows(await t.handle.db.execute(sql`explain (analyze, format json) ${query}`));
        const plan = row!["QUERY PLAN"];
        const check = (node: unknown): void => {
          if (Array.isArray(node)) return node.forEach(check);
          if (!node || typeof node !== "object") return;
          const n = node as Record<string, unknown>;
          if (n["Node Type"] === "Seq Scan" && tables.has(String(n["Relation Name"]))) {
            const read =
              (Number(n["Actual Rows"] ?? 0) + Number(n["Rows Removed by Filter"] ?? 0)) *
              Number(n["Actual Loops"] ?? 1);
            problems.push(
              `${label}: sequential scan of ${String(n["Relation Name"])} reading ${read} rows: ${JSON.stringify(plan)}`,
            );
          }
          Object.values(n).forEach(check);
        };
        check(plan);
      };
      const cursorAt = (direction: "after" | "before", daysAgo: number): PageCursor => ({
        direction,
        position: {
          key: new Date(Date.now() - daysAgo * 86_400_000).toISOString().replace("T", " ").replace("Z", "+00"),
          id: crypto.randomUUID(),
        },
      });
      const cursors = [null, cursorAt("after", 30), cursorAt("before", 30)];
      const inquirySets = [
        {},
        { status: "new" as const },
        { status: "closed" as const },
        { service: "contract-review" },
        { status: "contacted" as const, service: "travel-ban-check" },
        { q: "haddad" },
        { q: "visitor4242@plans" },
        { q: "visitor4242@plans", status: "closed" as const },
      ];
      for (const set of inquirySets) {
        const filters = { q: "", status: "all" as const, service: "", ...set };
        for (const cursor of cursors)
          await explain(
            `inquiries ${JSON.stringify(set)} ${cursor?.direction ?? "first"}`,
            inquiryPageQuery({ ...filters, cursor }, 26),
          );
        await explain(`inquiries ${JSON.stringify(set)} count`, inquiryCountQuery(filters));
      }
      await explain("inquiries' service types", inquiryServicesQuery());
      for (const set of [
        {},
        { role: "staff" as const },
        { role: "client" as const },
        { q: "haddad" },
        { q: "plan4242@" },
        { q: "plan4242@", role: "client" as const },
      ]) {
        const filters = { q: "", role: "all" as const, ...set };
        for (const cursor of cursors)
          await explain(
            `users ${JSON.stringify(set)} ${cursor?.direction ?? "first"}`,
            userPageQuery({ ...filters, cursor }, 51),
          );
        await explain(`users ${JSON.stringify(set)} count`, userCountQuery(filters));
      }
      for (const [from, to] of [
        ["2026-01-01", "2026-01-31"],
        ["2020-01-01", "2029-12-31"],
      ] as const) {
        const parsed = parseDateRange(new URLSearchParams({ from, to }));
        if (!parsed.ok) throw new Error(parsed.error);
        for (const cursor of cursors)
          await explain(
            `invoices ${from}…${to} ${cursor?.direction ?? "first"}`,
            taxDocumentPageQuery(parsed.range, cursor, 51),
          );
      }
      expect(problems).toEqual([]);
      // The check itself sees a sequential scan when there is one (the message has no index).
      await explain("unindexed", sql`select id from inquiries where message = 'nothing'`);
      expect(problems).toHaveLength(1);
    },
  );
});
