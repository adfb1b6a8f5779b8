// npm run db:seed — demo accounts and orders for development. Refused in production unless DEMO_DATA=true.
import { getEnv } from "../app/env.server";
import { DEMO_COUPON } from "../app/orders/coupons.server";
import { seedDemoData } from "./demo-data";
import { CliError, runCli } from "./cli";

await runCli("db:seed", async () => {
  const env = getEnv();
  if (env.isProduction && !env.DEMO_DATA) {
    throw new CliError(
      "db:seed refused: NODE_ENV is production. Set DEMO_DATA=true if you really want demo accounts here.",
    );
  }
  const result = await seedDemoData();
  console.log("Demo data ready:");
  for (const account of result.accounts)
    console.log(`  ${account.role.padEnd(6)} ${account.email}  password: ${account.password}`);
  console.log(`  ${result.orders} demo orders`);
  console.log(`  coupon ${DEMO_COUPON.code}: ${DEMO_COUPON.value}% off`);
});
