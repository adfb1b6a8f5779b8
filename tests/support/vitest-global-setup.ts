import { preparePgliteTemplate } from "./pglite-template";

/** Once per run, before the test files: the migrated embedded database they copy (see pglite-template.ts). */
export default async function setup() {
  await preparePgliteTemplate();
}
