// Seeds the benchmark database (run with tsx before the server starts): one admin, five members of
// staff (the first signs in for the staff views), 500 clients and orders up to BENCH_ORDERS, the
// newest first, one every 157 seconds (a million orders cover about five years). Orders already
// there are kept, so one run can grow the table step by step (10,000, then 100,000, then 1,000,000).
// Rows go in batches of 5,000 (each statement well under a second on an idle machine, far from the
// statement timeout; each one's time is printed).
// Recent orders are open (pending or processing, most paid, with a due time three days after
// payment); older ones are completed or cancelled, with a few left open and overdue; refunds and
// partial refunds as a real office has them. Uses DATABASE_URL when set, else the embedded
// database in DATA_DIR. Prints the admin's and the staff member's logins (with the secret of their
// authenticator) and a client's as JSON.
import { sql } from "drizzle-orm";
import { hashPassword } from "../../app/auth/password.server";
import { closeAppDatabase, db, migrateAppDatabase } from "../../app/db.server";
import { compactOrderStats } from "../../app/orders/order-stats.server";
import { users } from "../../db/schema";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const BATCH = 5000;
const CLIENTS = 500;
const STAFF = 5;
const admin = {
  email: "bench-admin@example.com",
  password: "bench-admin-password-2026",
  totpSecret: "KRSXG5CTMVRXEZLUKN2HE2LOM4ZDAMRW",
};
const staff = {
  email: "bench-staff1@example.com",
  password: "bench-staff-password-2026",
  totpSecret: "KRSXG5CTMVRXEZLUKN2HE2LOM4ZDAMRX",
};
const client = { email: "client1@bench.example.com", password: "bench-client-password-2026" };

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

await migrateAppDatabase();
// Two-factor sign-in on; the last used code step is forgotten, so every benchmark of a run can sign in at once.
const twoFactor = (secret: string) => ({ totpSecret: secret, totpEnabledAt: new Date(), totpLastStep: null });
await db
  .insert(users)
  .values({
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
    fullName: "Bench Admin",
    role: "admin",
    emailConfirmedAt: new Date(),
    ...twoFactor(admin.totpSecret),
  })
  .onConflictDoUpdate({ target: users.email, set: twoFactor(admin.totpSecret) });
const staffHash = await hashPassword(staff.password);
for (let i = 1; i <= STAFF; i++) {
  const secret = i === 1 ? staff.totpSecret : admin.totpSecret;
  await db
    .insert(users)
    .values({
      email: `bench-staff${i}@example.com`,
      passwordHash: staffHash,
      fullName: `Bench Staff ${i}`,
      role: "staff",
      emailConfirmedAt: new Date(),
      ...twoFactor(secret),
    })
    .onConflictDoUpdate({ target: users.email, set: twoFactor(secret) });
}
const clientHash = await hashPassword(client.password);
await db.execute(sql`
  insert into users (email, password_hash, full_name, role, email_confirmed_at)
  select 'client' || i || '@bench.example.com', ${clientHash}, (array['Aisha','Omar','Fatima','Khalid','Maryam','Yusuf','Layla','Hassan'])[1 + i % 8] || ' ' || (array['Rahman','Haddad','Al Mansouri','Nasser','Karim','Saleh'])[1 + i % 6] || ' ' || i, 'client', now()
  from generate_series(1, ${CLIENTS}) as i
  on conflict do nothing`);

const existing = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from orders`))[0]!.count;
// Order g is g × 157 seconds old, counted from one fixed moment so that later batches continue the same timeline.
const origin = rowsOf<{ origin: string }>(
  await db.execute(sql`select coalesce(max(created_at) + interval '157 seconds', now())::text as origin from orders`),
)[0]!.origin;
for (let from = existing + 1; from <= ORDERS; from += BATCH) {
  const to = Math.min(ORDERS, from + BATCH - 1);
  const started = performance.now();
  await db.execute(sql`
    with clients as (select id, email, full_name, row_number() over (order by email) as n from users where role = 'client' and email like '%@bench.example.com'),
    staff as (select id, row_number() over (order by email) - 1 as n from users where role = 'staff' and email like 'bench-staff%@example.com'),
    shaped as (
      select g,
        case when g <= 3000 then (array['pending','processing','processing','completed'])[1 + g % 4]
             when g % 4999 = 0 then 'processing'
             when g % 7 = 0 then 'cancelled' else 'completed' end as status,
        ${origin}::timestamptz - (g || ' seconds')::interval * 157 as created_at
      from generate_series(${from}::int, ${to}::int) as g),
    paid as (
      select s.*,
        case when s.status = 'cancelled' then (case when g % 2 = 0 then 'refunded' else 'unpaid' end)
             when s.status = 'pending' and g % 3 = 0 then 'unpaid'
             when s.status = 'completed' and g % 50 = 0 then 'partially_refunded'
             else 'paid' end as payment_status
      from shaped s)
    insert into orders (user_id, service_type, tier_name, amount, subtotal, refunded_amount, status, payment_status, legal_name, email, phone, created_at, paid_at, due_at, assignee_id, assigned_at)
    select c.id,
      (array['Travel Ban Check','Labor Ban Check','Background Check','Contract Review','Company Formation','Legal Consultation'])[1 + g % 6],
      (array['Basic','Standard','Comprehensive','Premium'])[1 + g % 4],
      (50000 + (g % 20) * 7500), (50000 + (g % 20) * 7500),
      case p.payment_status when 'refunded' then 50000 + (g % 20) * 7500 when 'partially_refunded' then 10000 else 0 end,
      p.status, p.payment_status,
      c.full_name, c.email, '+97150' || lpad((g % 10000000)::text, 7, '0'),
      p.created_at,
      case when p.payment_status <> 'unpaid' then p.created_at end,
      case when p.payment_status <> 'unpaid' then p.created_at + interval '3 days' end,
      case when p.status in ('pending', 'processing') and g % 3 = 0 then null else st.id end,
      case when p.status in ('pending', 'processing') and g % 3 = 0 then null else p.created_at end
    from paid p
    join clients c on c.n = 1 + g % ${CLIENTS}
    join staff st on st.n = g % ${STAFF}`);
  process.stderr.write(`seeded orders up to ${to} in ${Math.round(performance.now() - started)} ms\n`);
  await compactOrderStats();
}
// The other back-office lists grow with the orders: as many inquiries, and one account more per ten orders.
const existingInquiries = rowsOf<{ count: number }>(
  await db.execute(sql`select count(*)::int as count from inquiries`),
)[0]!.count;
for (let from = existingInquiries + 1; from <= ORDERS; from += BATCH) {
  const to = Math.min(ORDERS, from + BATCH - 1);
  const started = performance.now();
  await db.execute(sql`
    insert into inquiries (kind, full_name, email, phone, service_type, message, status, consent_at, created_at)
    select 'inquiry', (array['Aisha','Omar','Fatima','Khalid','Maryam','Yusuf','Layla','Hassan'])[1 + g % 8] || ' ' || (array['Rahman','Haddad','Al Mansouri','Nasser','Karim','Saleh'])[1 + g % 6] || ' ' || g,
      'lead' || g || '@bench.example.com', '+97155' || lpad((g % 10000000)::text, 7, '0'),
      (array['legal-consultation','travel-ban-check','labor-ban-check','contract-review','company-formation'])[1 + g % 5], 'A question about a case.',
      case when g <= 200 then 'new' when g % 5 = 0 then 'contacted' else 'closed' end, now() - g * interval '157 seconds', now() - g * interval '157 seconds'
    from generate_series(${from}::int, ${to}::int) as g`);
  process.stderr.write(`seeded inquiries up to ${to} in ${Math.round(performance.now() - started)} ms\n`);
}
const accounts = Math.floor(ORDERS / 10);
const existingAccounts = rowsOf<{ count: number }>(
  await db.execute(sql`select count(*)::int as count from users where email like 'account%@bench.example.com'`),
)[0]!.count;
for (let from = existingAccounts + 1; from <= accounts; from += BATCH) {
  const to = Math.min(accounts, from + BATCH - 1);
  const started = performance.now();
  await db.execute(sql`
    insert into users (email, password_hash, full_name, role, created_at)
    select 'account' || g || '@bench.example.com', ${clientHash}, (array['Aisha','Omar','Fatima','Khalid'])[1 + g % 4] || ' ' || (array['Rahman','Haddad','Nasser'])[1 + g % 3] || ' ' || g, 'client', now() - g * interval '1571 seconds'
    from generate_series(${from}::int, ${to}::int) as g
    on conflict do nothing`);
  process.stderr.write(`seeded accounts up to ${to} in ${Math.round(performance.now() - started)} ms\n`);
}
// Fresh statistics for the planner (a sample, quick at any size); autovacuum does the rest as it would in production.
await db.execute(sql`analyze orders`);
await db.execute(sql`analyze inquiries`);
await db.execute(sql`analyze users`);
const count = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from orders`))[0]!.count;
await closeAppDatabase();
console.log(JSON.stringify({ admin, staff, client, orders: count }));
