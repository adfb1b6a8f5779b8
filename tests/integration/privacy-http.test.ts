import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEEDED_STAFF_TOTP_SECRETS, startServerWithAccounts, type ServerWithAccounts } from "../support/seed-accounts";
import { signInOverHttp } from "../support/sign-in";
import { postForm } from "../support/http";
import { tempDir } from "../support/server-process";
import { testDbKind } from "../support/test-db";

// The privacy features over HTTP against the production build: the access log of the team's views,
// the client's list of them, Download my data read back by the `unzip` command (another ZIP reader
// than the one that wrote it), and Close my account from the form to the refused sign-in.

const PASSWORD = "privacy-password-2026";
const stamp = Date.now();
const EMAILS = {
  client: `privacy-client-${stamp}@example.com`,
  otherClient: `privacy-other-${stamp}@example.com`,
  admin: `privacy-admin-${stamp}@example.com`,
  staff: `privacy-staff-${stamp}@example.com`,
  otherStaff: `privacy-other-staff-${stamp}@example.com`,
};
const SEEDED_PDF = Buffer.from("%PDF-1.4\n% seeded\n");

describe(`privacy over HTTP on ${testDbKind()}`, () => {
  let running: ServerWithAccounts;
  let base: string;
  const cookies: Record<string, string> = {};
  const get = (p: string, cookie?: string) =>
    fetch(`${base}${p}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

  beforeAll(async () => {
    running = await startServerWithAccounts({}, EMAILS, PASSWORD);
    base = running.server.url;
    cookies.client = await signInOverHttp(base, EMAILS.client, PASSWORD);
    cookies.staff = await signInOverHttp(base, EMAILS.staff, PASSWORD, SEEDED_STAFF_TOTP_SECRETS.staff);
    cookies.admin = await signInOverHttp(base, EMAILS.admin, PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  it("every document view by the team makes one log row; the client's own views none; the client sees who opened what", async () => {
    const csvRows = async () =>
      (await (await get("/admin/access-log.csv", cookies.admin)).text())
        .trim()
        .split("\r\n")
        .slice(1)
        .filter((line) => line.includes("document-view"));
    expect(await csvRows()).toEqual([]);
    const own = await get(`/documents/${running.seeded.document}`, cookies.client);
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(SEEDED_PDF)).toBe(true);
    expect(await csvRows()).toEqual([]);

    const byStaff = await get(`/documents/${running.seeded.document}`, cookies.staff);
    expect(byStaff.status).toBe(200);
    expect(Buffer.from(await byStaff.arrayBuffer()).equals(SEEDED_PDF)).toBe(true);
    expect(await csvRows()).toHaveLength(1);
    await (await get(`/documents/${running.seeded.document}`, cookies.admin)).arrayBuffer();
    const rows = await csvRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(running.seeded.document);
    expect(rows[0]).toContain("passport.pdf");
    expect(rows[0]).toContain(",staff,");
    expect(rows[1]).toContain(",admin,");
    // A refused request (another client) is no view.
    const other = await signInOverHttp(base, EMAILS.otherClient, PASSWORD);
    expect((await get(`/documents/${running.seeded.document}`, other)).status).toBe(404);
    expect(await csvRows()).toHaveLength(2);

    const page = await (await get(`/dashboard/orders/${running.seeded.order}`, cookies.client)).text();
    expect(page).toContain("Who from our team opened your files");
    expect(page).toMatch(/Seeded User.*\(case team\) opened .*passport\.pdf/);
    expect(page).toMatch(/Seeded User.*\(administrator\) opened .*passport\.pdf/);
    // The CSV is for admins only.
    expect((await get("/admin/access-log.csv", cookies.staff)).status).toBe(302);
  });

  it("Download my data: one archive, read back by unzip, documents byte-equal, JSON valid; only for its own signed-in account", async () => {
    const asked = await postForm(base, "/dashboard/settings", { intent: "export" }, { cookie: cookies.client });
    expect(asked.status).toBe(302);
    const settings = await (await get("/dashboard/settings", cookies.client)).text();
    const link = /href="\/data-exports\/([0-9a-f-]{36})"/.exec(settings);
    expect(link, "the settings page links the ready archive").not.toBeNull();
    const response = await get(`/data-exports/${link![1]}`, cookies.client);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    const dir = tempDir("sanad-export-");
    const zip = path.join(dir, "export.zip");
    fs.writeFileSync(zip, Buffer.from(await response.arrayBuffer()));
    const listing = spawnSync("unzip", ["-Z1", zip], { encoding: "utf8" });
    expect(listing.status).toBe(0);
    const names = listing.stdout.trim().split("\n");
    expect(names).toEqual(
      expect.arrayContaining([
        "README.txt",
        "profile.json",
        "orders.json",
        "inquiries.json",
        "sessions.json",
        "assistant.json",
      ]),
    );
    const read = (name: string) => spawnSync("unzip", ["-p", zip, name], { maxBuffer: 20 * 1024 * 1024 }).stdout;
    const profile = JSON.parse(read("profile.json").toString("utf8")) as { email: string };
    expect(profile.email).toBe(EMAILS.client);
    const orders = JSON.parse(read("orders.json").toString("utf8")) as Array<{
      id: string;
      documents: Array<{ file: string; fileName: string }>;
    }>;
    const withDocument = orders.find((order) => order.id === running.seeded.order)!;
    // The client's upload is there, byte for byte; the staff-only note's document is not.
    expect(withDocument.documents.map((doc) => doc.fileName)).toEqual(["passport.pdf"]);
    expect(read(withDocument.documents[0]!.file).equals(SEEDED_PDF)).toBe(true);
    expect(names.some((name) => name.includes("internal.pdf"))).toBe(false);
    expect(JSON.parse(read("sessions.json").toString("utf8"))).not.toEqual([]);
    expect(read("README.txt").toString("utf8")).toContain("orders.json");

    // Another account, anonymous visitors: nothing.
    const other = await signInOverHttp(base, EMAILS.otherClient, PASSWORD);
    expect((await get(`/data-exports/${link![1]}`, other)).status).toBe(404);
    const anonymous = await get(`/data-exports/${link![1]}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/client-login");
    const adminPage = await (await get("/admin/privacy", cookies.admin)).text();
    expect(adminPage).toContain(EMAILS.client);
  });

  it("Close my account: refused with an open case and a wrong password; then sessions end, sign-in is refused, the admin sees it pending", async () => {
    // The seeded client has open orders: closing waits until they are over.
    const open = await postForm(
      base,
      "/dashboard/settings",
      { intent: "close-account", password: PASSWORD },
      { cookie: cookies.client },
    );
    expect(open.status).toBe(409);
    expect(await open.text()).toContain("still open");

    const cookie = await signInOverHttp(base, EMAILS.otherClient, PASSWORD);
    const second = await signInOverHttp(base, EMAILS.otherClient, PASSWORD);
    const wrong = await postForm(
      base,
      "/dashboard/settings",
      { intent: "close-account", password: "not-the-password" },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That password is not correct.");
    expect((await get("/dashboard", cookie)).status).toBe(200);

    const closed = await postForm(
      base,
      "/dashboard/settings",
      { intent: "close-account", password: PASSWORD },
      { cookie },
    );
    expect(closed.status).toBe(302);
    expect(new URL(closed.headers.get("location")!).pathname).toBe("/");
    // Every session ended at once, this browser's and the other one.
    for (const session of [cookie, second]) {
      const after = await get("/dashboard", session);
      expect(after.status).toBe(302);
      expect(after.headers.get("location")).toContain("/client-login");
    }
    await expect(signInOverHttp(base, EMAILS.otherClient, PASSWORD)).rejects.toThrow(/sign-in .* failed/);
    const adminPage = await (await get("/admin/privacy", cookies.admin)).text();
    expect(adminPage).toContain(EMAILS.otherClient);
    const csv = await (await get("/admin/access-log.csv", cookies.admin)).text();
    expect(csv).toContain("account-closure");
    expect(csv).toContain("data-export");
  });
});
