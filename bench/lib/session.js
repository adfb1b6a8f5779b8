// Signed-in visitors for the benchmarks: a cookie jar that posts forms as a browser does (same
// origin), a client with a cart, and accounts seeded before the server starts (sign-in waits for
// a confirmed address, so the benchmarks sign in to seeded, confirmed accounts).
import { spawnSync } from "node:child_process";
import { Secret, TOTP } from "otpauth";

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
      headers: {
        Origin: this.baseUrl,
        Cookie: this.cookieHeader(),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      redirect: "manual",
    });
    return this.keep(response);
  }

  /** Signs in; an account with two-factor sign-in (the admin) also sends a code of `totpSecret`. */
  async logIn(email, password, totpSecret) {
    const response = await this.post("/client-login", { intent: "login", email, password });
    // Redirects carry absolute addresses (SITE_URL): compare their paths.
    const location = response.headers.get("location");
    const target = location ? new URL(location, this.baseUrl).pathname : null;
    if (target?.startsWith("/client-login/two-factor")) {
      if (!totpSecret) throw new Error(`${email} signs in with a second factor: pass its secret`);
      const code = new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate();
      const second = await this.post("/client-login/two-factor", { code });
      if (second.status !== 302) throw new Error(`the second sign-in step of ${email} failed (HTTP ${second.status})`);
    } else if (response.status !== 302 || target?.startsWith("/client-login")) {
      throw new Error(`could not sign in as ${email} (HTTP ${response.status})`);
    }
    if (!this.cookies.has("__session")) throw new Error(`could not sign in as ${email}`);
  }
}

/** A seeded client (`seedAdmin(...).client`), signed in, with two lines in the cart. */
export async function clientWithCart(baseUrl, client) {
  const visitor = new Visitor(baseUrl);
  await visitor.logIn(client.email, client.password);
  await visitor.post("/cart/update", { intent: "add", serviceType: "travel-ban", tierId: "comprehensive" });
  await visitor.post("/cart/update", { intent: "add", serviceType: "labor-ban", tierId: "basic" });
  return visitor;
}

/**
 * Seeds an admin account, 500 clients (and `orders` orders) into the database the server will use,
 * before it starts (the embedded database allows one process at a time). Returns
 * `{ admin: { email, password, totpSecret }, client: { email, password } }`.
 */
export function seedAdmin(dataDir, orders = 0) {
  const seed = spawnSync(process.execPath, ["--import", "tsx", "bench/lib/seed-orders.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      BENCH_ORDERS: String(orders),
      SESSION_SECRET: "bench-session-secret-0123456789abcdef012345",
    },
    encoding: "utf8",
  });
  if (seed.status !== 0) throw new Error(`seeding failed:\n${seed.stderr || seed.stdout}`);
  return JSON.parse(seed.stdout.trim().split("\n").pop());
}
