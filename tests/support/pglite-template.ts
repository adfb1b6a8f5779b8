import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, pgliteDir } from "../../db/client";
import { migrateDatabase, migrationsFolder } from "../../db/migrate";

/**
 * A migrated, empty embedded database made once and copied for every test that needs one.
 * Creating an embedded database (initdb inside WebAssembly) takes five to six seconds on a
 * 2-core machine, about as long as the test file that needs it; copying a ready one takes a
 * fraction of a second. The template is built by the same initdb and migrations the server
 * runs, and tests/integration/migrations.test.ts still migrates a database from nothing.
 *
 * The template lives in the system's temporary folder, named by a hash of the migrations and
 * the PGlite version, so a new migration or a PGlite upgrade builds a new one.
 */
const TEMPLATE_ENV = "SANAD_PGLITE_TEMPLATE";

type PgliteTemplate = { dir: string; snapshot: string };

function templateKey(): string {
  const hash = crypto.createHash("sha256");
  const folder = migrationsFolder();
  for (const file of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const pglite = JSON.parse(
    fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  hash.update(pglite.version);
  return hash.digest("hex").slice(0, 16);
}

/** Builds the template unless it exists, and names it in the environment for test workers and servers. */
export async function preparePgliteTemplate(): Promise<void> {
  const root = path.join(os.tmpdir(), `sanad-pglite-template-${templateKey()}`);
  const template = { dir: path.join(root, "data"), snapshot: path.join(root, "snapshot.tar") };
  if (!fs.existsSync(template.snapshot)) {
    // Built aside and renamed into place, so a run that stops half-way or a second run at the
    // same moment never sees half a template.
    const building = fs.mkdtempSync(`${root}-building-`);
    const dir = path.join(building, "data");
    // initdb here rather than in the child process openDatabase would start (that needs
    // import.meta.resolve, which Vitest's global-setup runner lacks); the memory it takes is
    // the test runner's, briefly.
    fs.mkdirSync(pgliteDir(dir), { recursive: true });
    const initdb = new PGlite(pgliteDir(dir));
    await initdb.waitReady;
    await initdb.close();
    const handle = openDatabase({ dataDir: pgliteDir(dir) });
    await migrateDatabase(handle);
    const client = (handle.db as unknown as { $client: { dumpDataDir(compression: "none"): Promise<Blob> } }).$client;
    const snapshot = await client.dumpDataDir("none");
    await handle.close();
    fs.writeFileSync(path.join(building, "snapshot.tar"), Buffer.from(await snapshot.arrayBuffer()));
    try {
      fs.renameSync(building, root);
    } catch {
      // Another run put its template in place first: use that one.
      fs.rmSync(building, { recursive: true, force: true });
    }
  }
  process.env[TEMPLATE_ENV] = JSON.stringify(template);
}

function preparedTemplate(): PgliteTemplate | undefined {
  const raw = process.env[TEMPLATE_ENV];
  return raw ? (JSON.parse(raw) as PgliteTemplate) : undefined;
}

/**
 * Puts a copy of the template in `dataDir` (a server's DATA_DIR) when a template was prepared and
 * the folder holds no embedded database yet; otherwise leaves the folder alone, and the server
 * creates its database itself.
 */
export function seedDataDirFromTemplate(dataDir: string) {
  const template = preparedTemplate();
  const target = pgliteDir(dataDir);
  if (!template || fs.existsSync(path.join(target, "PG_VERSION"))) return;
  fs.cpSync(pgliteDir(template.dir), target, { recursive: true });
}

/** The template as a PGlite data snapshot, for an in-memory database; undefined when none was prepared. */
export function templateSnapshot(): Blob | undefined {
  const template = preparedTemplate();
  return template ? new Blob([fs.readFileSync(template.snapshot)]) : undefined;
}
