import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import {
  VITAL_THRESHOLDS,
  vitalRating,
  vitalsP75ByRoute,
  WEB_VITAL_NAMES,
  type WebVitalName,
} from "../analytics/vitals.server";
import { requireAdmin } from "../admin/guard.server";
import { AdminNav } from "../components/admin/admin-nav";
import { VitalsChart } from "../components/admin/vitals-chart";
import { Button } from "../components/ui/button";
import { inputClasses } from "../components/ui/field";
import { Container } from "../components/ui/section";
import { TableScroll } from "../components/ui/table-scroll";
import { backofficeText } from "../content/backoffice.server";
import { fill } from "../i18n/fill";
import { pageHead } from "../seo/page-head.server";
import { langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

/** CLS has no unit; the others are milliseconds. */
function formatVital(name: WebVitalName, value: number) {
  return name === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  await requireAdmin(request);
  const requested = new URL(request.url).searchParams.get("metric");
  const metric: WebVitalName = (WEB_VITAL_NAMES as readonly string[]).includes(requested ?? "")
    ? (requested as WebVitalName)
    : "LCP";
  const routes = await vitalsP75ByRoute();
  const t = backofficeText[lang].performance;
  const ratingLabel = { good: t.good, "needs-improvement": t.needsImprovement, poor: t.poor };
  const [good, poor] = VITAL_THRESHOLDS[metric];
  return {
    meta: pageHead(request, t.meta),
    metric,
    metrics: WEB_VITAL_NAMES,
    chart: routes
      .filter((r) => r.p75[metric] !== undefined)
      .map((r) => {
        const value = r.p75[metric]!;
        const rating = vitalRating(metric, value);
        return {
          route: r.route,
          value,
          label: `${formatVital(metric, value)} (${ratingLabel[rating]})`,
          rating,
          samples: r.counts[metric] ?? 0,
        };
      }),
    thresholds: { good, poor },
    legend: fill(t.legend, { good: formatVital(metric, good), poor: formatVital(metric, poor) }),
    table: routes.map((r) => ({
      route: r.route,
      samples: r.samples,
      values: WEB_VITAL_NAMES.map((name) => {
        const value = r.p75[name];
        return value === undefined
          ? null
          : {
              text: formatVital(name, value),
              rating: vitalRating(name, value),
              ratingLabel: ratingLabel[vitalRating(name, value)],
            };
      }),
    })),
    chartTitle: fill(t.chartTitle, { metric }),
    text: t,
    nav: backofficeText[lang].admin.nav,
  };
}

export const meta = metaFromLoader;

const ratingClass = { good: "text-green-800", "needs-improvement": "text-amber-800", poor: "text-red-800" } as const;

export default function AdminPerformance() {
  const { metric, metrics, chart, thresholds, legend, table, chartTitle, text, nav } = useLoaderData<typeof loader>();
  return (
    <Container className="space-y-6 py-10">
      <AdminNav text={nav} />
      <h1 className="text-3xl font-bold text-navy-900">{text.title}</h1>
      <p className="max-w-3xl text-slate-700">{text.intro}</p>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor="metric" className="block text-sm font-semibold">
            {text.metric}
          </label>
          <select id="metric" name="metric" defaultValue={metric} className={inputClasses}>
            {metrics.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          {text.show}
        </Button>
      </Form>
      {table.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center font-semibold">
          {text.none}
        </p>
      ) : (
        <>
          <section aria-labelledby="vitals-chart-heading" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="vitals-chart-heading" className="text-lg font-bold text-navy-900">
              {chartTitle}
            </h2>
            <p className="text-sm text-slate-600">{legend}</p>
            <VitalsChart title={chartTitle} rows={chart} thresholds={thresholds} />
          </section>
          <section aria-labelledby="vitals-table-heading">
            <h2 id="vitals-table-heading" className="text-lg font-bold text-navy-900">
              {text.table}
            </h2>
            <TableScroll label={text.table} className="mt-3">
              <table className="w-full text-sm" data-testid="vitals-table">
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-start font-semibold">
                      {text.route}
                    </th>
                    {metrics.map((name) => (
                      <th key={name} scope="col" className="px-3 py-2 text-end font-semibold">
                        {name} p75
                      </th>
                    ))}
                    <th scope="col" className="px-3 py-2 text-end font-semibold">
                      {text.samples}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {table.map((row) => (
                    <tr key={row.route}>
                      <th scope="row" className="px-3 py-2 text-start font-mono font-medium" dir="ltr">
                        {row.route}
                      </th>
                      {row.values.map((value, i) => (
                        <td
                          key={metrics[i]}
                          className={`px-3 py-2 text-end ${value ? ratingClass[value.rating] : "text-slate-500"}`}
                        >
                          {value ? (
                            <>
                              {value.text} <span className="sr-only">({value.ratingLabel})</span>
                            </>
                          ) : (
                            "–"
                          )}
                        </td>
                      ))}
                      <td className="px-3 py-2 text-end">{row.samples}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </section>
        </>
      )}
    </Container>
  );
}
