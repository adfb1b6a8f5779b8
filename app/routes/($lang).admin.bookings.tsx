import { parseWithZod } from "@conform-to/zod/v4";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "../admin/guard.server";
import { AdminNav } from "../components/admin/admin-nav";
import { LocalizedLink } from "../components/layout/localized-link";
import { Button } from "../components/ui/button";
import { SelectField, TextField } from "../components/ui/field";
import { Container } from "../components/ui/section";
import {
  BOOKINGS_LIST_LIMIT,
  bookingsFilterSchema,
  consultantChoices,
  defaultBookingsFilter,
  listBookings,
} from "../consultations/bookings-list.server";
import { formatDay, formatTime } from "../consultations/time-zones";
import { bookingsListText } from "../content/agenda.server";
import { backofficeText } from "../content/backoffice.server";
import { bookingText } from "../content/booking.server";
import { fill } from "../i18n/fill";
import { langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { pageHead } from "../seo/page-head.server";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

// Every consultation booking, for admins (a GET form: works without JavaScript and can be bookmarked).
async function bookingsPage({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const viewer = await requireAdmin(request);
  const t = bookingsListText[lang];
  const url = new URL(request.url);
  const query =
    url.searchParams.has("from") || url.searchParams.has("to")
      ? url.searchParams
      : new URLSearchParams(defaultBookingsFilter());
  const submission = parseWithZod(query, { schema: bookingsFilterSchema });
  const input = {
    consultant: query.get("consultant") ?? "",
    from: query.get("from") ?? "",
    to: query.get("to") ?? "",
    state: query.get("state") ?? "",
  };
  const base = {
    meta: pageHead(request, t.meta),
    nav: { text: backofficeText[lang].admin.nav, role: viewer.role },
    text: t,
    input,
    consultants: await consultantChoices(),
  };
  if (submission.status !== "success") {
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {}).map(([field, messages]) => [
        field,
        (messages ?? []).map((m) => t.errors[m] ?? m),
      ]),
    );
    return { ...base, errors, list: null };
  }
  const list = await listBookings(submission.value);
  return {
    ...base,
    errors: {} as Record<string, string[]>,
    list: {
      count: fill(t.count, { count: list.rows.length }),
      more: list.more ? fill(t.more, { count: BOOKINGS_LIST_LIMIT }) : null,
      rows: list.rows.map((row) => ({
        id: row.id,
        orderId: row.orderId,
        iso: row.startsAt.toISOString(),
        when: `${formatDay(row.startsAt, lang)}, ${formatTime(row.startsAt, lang)}–${formatTime(row.endsAt, lang)}`,
        consultant: row.consultantName,
        client: row.clientName,
        mode: bookingText[lang].modes[row.mode].label,
        state: t.states[row.state],
      })),
    },
  };
}

type BookingsPage = Awaited<ReturnType<typeof bookingsPage>>;

export async function loader(args: LoaderFunctionArgs) {
  const page = await bookingsPage(args);
  // A filter that cannot be read is a bad request (the fields say why, with the input kept).
  return data(page, { status: page.list ? 200 : 400 });
}

export const meta = metaFromLoader;
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function AdminBookings() {
  const page = useLoaderData() as BookingsPage;
  const { text, input, errors } = page;
  const c = text.columns;
  return (
    <Container className="space-y-6 py-10">
      <AdminNav text={page.nav.text} role={page.nav.role} />
      <div>
        <h1 className="text-3xl font-bold text-navy-900">{text.title}</h1>
        <p className="mt-1 text-slate-700">{text.intro}</p>
      </div>
      <Form method="get" className="grid items-end gap-4 sm:grid-cols-5" data-testid="bookings-filter">
        <SelectField
          id="bookings-consultant"
          name="consultant"
          label={text.consultant}
          placeholder={text.anyConsultant}
          options={page.consultants.map((p) => ({ value: p.id, label: p.name }))}
          defaultValue={input.consultant}
          errors={errors.consultant}
        />
        <TextField
          id="bookings-from"
          name="from"
          type="date"
          label={text.from}
          defaultValue={input.from}
          errors={errors.from}
          required
        />
        <TextField
          id="bookings-to"
          name="to"
          type="date"
          label={text.to}
          defaultValue={input.to}
          errors={errors.to}
          required
        />
        <SelectField
          id="bookings-state"
          name="state"
          label={text.state}
          placeholder={text.anyState}
          options={(["booked", "held", "missed", "cancelled"] as const).map((s) => ({
            value: s,
            label: text.states[s],
          }))}
          defaultValue={input.state}
          errors={errors.state}
        />
        <div>
          <Button type="submit" variant="secondary">
            {text.show}
          </Button>
        </div>
      </Form>
      {page.list ? (
        <section aria-label={text.title} className="space-y-3">
          <p className="font-semibold text-navy-900" data-testid="bookings-count">
            {page.list.count}
          </p>
          {page.list.more ? <p className="text-slate-700">{page.list.more}</p> : null}
          {page.list.rows.length === 0 ? (
            <p className="text-slate-700">{text.none}</p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
              <table className="w-full text-sm" data-testid="bookings">
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    {[c.when, c.consultant, c.client, c.mode, c.state, c.order].map((label) => (
                      <th key={label} scope="col" className="px-3 py-2 text-start font-semibold">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {page.list.rows.map((row) => (
                    <tr key={row.id} data-booking={row.id}>
                      <td className="px-3 py-2">
                        <time dateTime={row.iso}>{row.when}</time>
                      </td>
                      <td className="px-3 py-2">
                        <bdi>{row.consultant}</bdi>
                      </td>
                      <td className="px-3 py-2">
                        <bdi>{row.client}</bdi>
                      </td>
                      <td className="px-3 py-2">{row.mode}</td>
                      <td className="px-3 py-2">{row.state}</td>
                      <td className="px-3 py-2 font-mono">
                        <LocalizedLink
                          to={`/admin/orders/${row.orderId}`}
                          className="text-navy-700 underline underline-offset-4"
                        >
                          {row.orderId.slice(0, 8)}
                        </LocalizedLink>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </Container>
  );
}
