// npm run db:migrate — applies pending migrations to the configured database (the server also does this at start).
import { runCli } from "./cli";

await runCli("db:migrate", async () => {
  console.log("Migrations applied.");
});
