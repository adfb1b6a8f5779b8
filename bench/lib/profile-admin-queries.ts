// Times the admin list's queries alone (no HTTP, no rendering) against the benchmark database in DATA_DIR.
import { listAdminOrders, parseAdminOrderFilters } from "../../app/orders/order-lists.server";
import { adminOrderStats } from "../../app/orders/order-stats.server";
import { closeAppDatabase } from "../../app/db.server";

const cases = { plain: "", search: "q=haddad&status=completed", email: "q=client42%40bench", id: "q=515f25a4" };
for (let round = 0; round < 2; round++) {
  for (const [name, query] of Object.entries(cases)) {
    const filters = parseAdminOrderFilters(new URLSearchParams(query));
    let t = performance.now();
    await adminOrderStats();
    const stats = performance.now() - t;
    t = performance.now();
    await listAdminOrders(filters);
    const list = performance.now() - t;
    if (round === 1) console.log(`${name.padEnd(8)} stats ${stats.toFixed(1)} ms  list+count ${list.toFixed(1)} ms`);
  }
}
await closeAppDatabase();
