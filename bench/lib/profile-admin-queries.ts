// Times the admin list's queries alone (no HTTP, no rendering) against the benchmark database
// (DATABASE_URL, else the embedded one in DATA_DIR): the figures, then a page of each view.
import { closeAppDatabase } from "../../app/db.server";
import { listAdminOrders, parseAdminOrderFilters } from "../../app/orders/order-lists.server";
import { adminOrderStats } from "../../app/orders/order-stats.server";

const cases = {
  plain: "",
  status: "status=processing",
  search: "q=haddad&status=completed",
  email: "q=client42%40bench",
  id: "q=515f25a4",
  unassigned: "view=unassigned",
  overdue: "due=overdue",
};
for (let round = 0; round < 3; round++) {
  for (const [name, query] of Object.entries(cases)) {
    const filters = parseAdminOrderFilters(new URLSearchParams(query));
    let t = performance.now();
    await adminOrderStats();
    const stats = performance.now() - t;
    t = performance.now();
    const list = await listAdminOrders(filters);
    const listMs = performance.now() - t;
    if (round === 2)
      console.log(
        `${name.padEnd(10)} stats ${stats.toFixed(1)} ms  page ${listMs.toFixed(1)} ms  (${list.rows.length} rows, total ${list.total ? `${list.total.exact ? "" : ">"}${list.total.count}` : "-"})`,
      );
  }
}
await closeAppDatabase();
