// Seeds the benchmark database (run with tsx before the server starts): one admin, 500 clients
// and N orders spread over a year, with realistic names, e-mails, services, statuses and payments.
// Uses DATABASE_URL when set, else the embedded database in DATA_DIR. Prints the admin's login
// (with the secret of its authenticator: admins sign in with a second factor) and a client's as JSON.
import { sql } from "drizzle-orm";
import { hashPassword } from "../../app/auth/password.server";
import { closeAppDatabase, db, migrateAppDatabase } from "../../app/db.server";
import { users } from "../../db/schema";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const CLIENTS = 500;
const admin = { email: "bench-admin@example.com", password: "bench-admin-password-2026", totpSecret: "KRSXG5CTMVRXEZLUKN2HE2LOM4ZDAMRW" };
const client = { email: "client1@bench.example.com", password: "bench-client-password-2026" };

await migrateAppDatabase();
// Two-factor sign-in on; the last used code step is forgotten, so every benchmark of a run can sign in at once.
const twoFactor = { totpSecret: admin.totpSecret, totpEnabledAt: new Date(), totpLastStep: null };
await db
  .insert(users)
  .values({ email: admin.email, passwordHash: await hashPassword(admin.password), fullName: "Bench Admin", role: "admin", emailConfirmedAt: new Date(), ...twoFactor })
  .onConflictDoUpdate({ target: users.email, set: twoFactor });
const clientHash = await hashPassword(client.password);
await db.execute(sql`
  insert into users (email, password_hash, full_name, role, email_confirmed_at)
  select 'client' || i || '@bench.example.com', ${clientHash}, (array['Aisha','Omar','Fatima','Khalid','Maryam','Yusuf','Layla','Hassan'])[1 + i % 8] || ' ' || (array['Rahman','Haddad','Al Mansouri','Nasser','Karim','Saleh'])[1 + i % 6] || ' ' || i, 'client', now()
  from generate_series(1, ${CLIENTS}) as i
  on conflict do nothing`);
await db.execute(sql`
  with clients as (select id, email, full_name, row_number() over (order by email) as n from users where role = 'client' and email like '%@bench.example.com')
  insert into orders (user_id, service_type, tier_name, amount, subtotal, status, payment_status, legal_name, email, phone, created_at, paid_at)
  select c.id,
    (array['Travel Ban Check','Labor Ban Check','Background Check','Contract Review','Company Formation','Legal Consultation'])[1 + g % 6],
    (array['Basic','Standard','Comprehensive','Premium'])[1 + g % 4],
    (50000 + (g % 20) * 7500), (50000 + (g % 20) * 7500),
    (array['pending','processing','completed','cancelled'])[1 + g % 4],
    case when g % 4 = 3 then 'refunded' when g % 3 = 0 then 'unpaid' else 'paid' end,
    c.full_name, c.email, '+97150' || lpad((g % 10000000)::text, 7, '0'),
    now() - (g || ' minutes')::interval * 52,
    case when g % 3 <> 0 and g % 4 <> 3 then now() - (g || ' minutes')::interval * 52 else null end
  from generate_series(1, ${ORDERS}) as g
  join clients c on c.n = 1 + g % ${CLIENTS}`);
await db.execute(sql`analyze orders`);
const counted = (await db.execute(sql`select count(*)::int as count from orders`)) as unknown as Array<{ count: number }> | { rows: Array<{ count: number }> };
const count = (Array.isArray(counted) ? counted : counted.rows)[0]?.count;
await closeAppDatabase();
console.log(JSON.stringify({ admin, client, orders: count }));
