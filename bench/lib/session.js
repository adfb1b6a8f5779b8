// Signed-in visitors for the benchmarks: a cookie jar that posts forms as a browser does (same
// origin), a client with a cart, and an admin account seeded before the server starts.
import { spawnSync } from "node:child_process";

export class Visitor {
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
    this.cookies = new Map();
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = pair.split("=");
      const value = rest.join("=");
      if (value) this.cookies.set(name.trim(), value);
      else this.cookies.delete(name.trim());
    }
    return response;
  }

  async post(path, fields) {
    const response = await fetch(this.baseUrl + path, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Origin: this.baseUrl, Cookie: this.cookieHeader(), "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    return this.keep(response);
  }

  async logIn(email, password) {
    await this.post("/client-login", { intent: "login", email, password });
    if (!this.cookies.has("__session")) throw new Error(`could not sign in as ${email}`);
  }
}

/** A newly registered, signed-in client with two lines in the cart (as bench/checkout.js uses). */
export async function clientWithCart(baseUrl) {
  const visitor = new Visitor(baseUrl);
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "bench-password-2025!";
  await visitor.post("/client-login", { intent: "register", name: "Bench Client", email, password, confirmPassword: password });
  await visitor.logIn(email, password);
  await visitor.post("/cart/update", { intent: "add", serviceType: "travel-ban", tierId: "comprehensive" });
  await visitor.post("/cart/update", { intent: "add", serviceType: "labor-ban", tierId: "basic" });
  return visitor;
}

/**
 * Seeds an admin account (and `orders` orders) into the database the server will use, before it
 * starts (the embedded database allows one process at a time). Returns the admin's e-mail and password.
 */
export function seedAdmin(dataDir, orders = 0) {
  const seed = spawnSync(process.execPath, ["--import", "tsx", "bench/lib/seed-orders.ts"], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, BENCH_ORDERS: String(orders), SESSION_SECRET: "bench-session-secret-0123456789abcdef012345" },
    encoding: "utf8",
  });
  if (seed.status !== 0) throw new Error(`seeding failed:\n${seed.stderr || seed.stdout}`);
  return JSON.parse(seed.stdout.trim().split("\n").pop());
}
