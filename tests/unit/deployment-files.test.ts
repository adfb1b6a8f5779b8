import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES } from "../../app/env.server";

// The deployment files stay true to the code: .env.example names every variable the app reads,
// and compose.yaml wires the proxy, the database and the trusted hop the way the app expects.

const envExample = fs.readFileSync(".env.example", "utf8");
const compose = fs.readFileSync("compose.yaml", "utf8");
const proxySettings = fs.readFileSync("deploy/nginx/proxy-settings.conf", "utf8");
const configurationPage = fs.readFileSync("docs/configuration.md", "utf8");

/** Variables read straight from process.env (outside the validated schema). */
function processEnvReads(): string[] {
  const names = new Set<string>();
  for (const file of ["server.ts", "db/migrate.ts"]) {
    for (const match of fs.readFileSync(file, "utf8").matchAll(/process\.env\.([A-Z_]+)/g)) names.add(match[1]!);
  }
  // Set by tests only: never configuration.
  names.delete("SANAD_SERVER_NO_AUTOSTART");
  return [...names];
}

describe("deployment files", () => {
  it(".env.example names every variable the app reads", () => {
    const named = new Set([...envExample.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!));
    const read = [...ENV_VARIABLES, ...processEnvReads()];
    expect(read.length).toBeGreaterThan(40);
    for (const variable of read) expect(named, `${variable} is missing from .env.example`).toContain(variable);
  });

  it("the configuration page's table names every variable too", () => {
    for (const variable of [...ENV_VARIABLES, ...processEnvReads()])
      expect(configurationPage, `${variable} in docs/configuration.md`).toContain(`\`${variable}\``);
  });

  it("compose.yaml runs replicas on PostgreSQL 16 with a health check, behind the proxy, trusting one hop", () => {
    expect(compose).toMatch(/image: postgres:16/);
    expect(compose).toMatch(/pg_isready/);
    expect(compose).toMatch(/replicas: \d+/);
    expect(compose).toMatch(/TRUST_PROXY: "1"/);
    expect(compose).toMatch(/condition: service_healthy/);
    expect(compose).toMatch(/\/readyz/);
  });

  it("the proxy sets the forwarded headers and retries only refused or timed-out attempts", () => {
    for (const header of ["X-Forwarded-For", "X-Forwarded-Proto", "X-Forwarded-Host"])
      expect(proxySettings).toContain(`proxy_set_header ${header}`);
    expect(proxySettings).toMatch(/^proxy_next_upstream error timeout non_idempotent;$/m);
  });

  it("the proxy settings cover every location, and a build file one replica lacks is asked of the next (decision 103)", () => {
    const nginx = fs.readFileSync("deploy/nginx/nginx.conf", "utf8");
    expect(nginx).toMatch(/^ {4}include \/etc\/nginx\/proxy-settings\.conf;$/m);
    expect(nginx).toMatch(
      /location \/build\/ \{\s*proxy_next_upstream error timeout http_404;\s*proxy_pass http:\/\/sanad_app;\s*\}/,
    );
  });
});
