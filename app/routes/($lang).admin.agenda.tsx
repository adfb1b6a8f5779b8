import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireStaff, requireStaffAction } from "../admin/guard.server";
import { AdminNav } from "../components/admin/admin-nav";
import { AgendaSessionCard, type AgendaSessionView } from "../components/consultations/agenda-session";
import { Container } from "../components/ui/section";
import {
  agendaSessions,
  agendaWindow,
  changeFromAgenda,
  markSession,
  type AgendaSession,
} from "../consultations/agenda.server";
import { hasFeed, renewFeedToken, revokeFeedToken } from "../consultations/feed.server";
import { gulfDate } from "../consultations/slots";
import { formatDay, formatTime } from "../consultations/time-zones";
import { agendaText } from "../content/agenda.server";
import { backofficeText } from "../content/backoffice.server";
import { bookingText } from "../content/booking.server";
import { resilientClientAction } from "../forms/submission-client-action";
import { redirectWithToast } from "../forms/toast.server";
import { formOrEmpty, langParam } from "../http/http.server";
import { localizePath, type Lang } from "../i18n/lang";
import { getEnv } from "../env.server";
import { ResilientForm } from "../components/forms/resilient-form";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { metaFromLoader } from "../seo/meta";
import { pageHead } from "../seo/page-head.server";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

/** "2026-12-09T10:00": the Gulf-time wall clock of an instant, for a datetime-local field. */
const gulfLocal = (instant: Date) => new Date(instant.getTime() + 4 * 3_600_000).toISOString().slice(0, 16);

function sessionView(session: AgendaSession, lang: Lang, now: Date, showConsultant: boolean): AgendaSessionView {
  const t = agendaText[lang];
  const started = session.startsAt.getTime() <= now.getTime();
  return {
    id: session.id,
    day: formatDay(session.startsAt, lang),
    iso: session.startsAt.toISOString(),
    time: `${formatTime(session.startsAt, lang)}–${formatTime(session.endsAt, lang)}`,
    client: session.clientName,
    clientEmail: session.clientEmail,
    orderId: session.orderId,
    orderLabel: `#${session.orderId.slice(0, 8)}`,
    mode: bookingText[lang].modes[session.mode].label,
    phone: session.mode === "phone" ? session.phone : null,
    notes: session.notes,
    consultant: showConsultant ? session.consultantName : null,
    state: session.state,
    stateLabel: t.state[session.state as keyof typeof t.state] ?? session.state,
    canMark: session.state === "booked" && started,
    canChange: session.state === "booked",
    newTime: gulfLocal(session.startsAt),
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const viewer = await requireStaff(request);
  const t = agendaText[lang];
  const now = new Date();
  const sessions = (await agendaSessions(viewer, now)).map((s) => ({
    today: gulfDate(s.startsAt) === gulfDate(now),
    view: sessionView(s, lang, now, viewer.role === "admin"),
  }));
  const { from } = agendaWindow(now);
  return {
    meta: pageHead(request, t.meta),
    nav: { text: backofficeText[lang].admin.nav, role: viewer.role },
    text: t,
    isAdmin: viewer.role === "admin",
    feed: await hasFeed(viewer.id),
    todayHeading: `${t.today} · ${formatDay(from, lang)}`,
    today: sessions.filter((s) => s.today).map((s) => s.view),
    later: sessions.filter((s) => !s.today).map((s) => s.view),
  };
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;

export type AgendaActionData = {
  failed?: { bookingId: string; message: string; reason: string; startsAt: string };
  feedUrl?: string;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const viewer = await requireStaffAction(request);
  const t = agendaText[lang];
  const back = localizePath(lang, "/admin/agenda");
  const form = await formOrEmpty(request);
  const intent = form.get("intent");
  // The feed's secret address is shown once, in this answer; only its hash is kept.
  if (intent === "feed-renew")
    return data<AgendaActionData>(
      { feedUrl: new URL(`/calendar/${await renewFeedToken(viewer.id)}.ics`, getEnv().SITE_URL).toString() },
      { headers: { "Cache-Control": "no-store" } },
    );
  if (intent === "feed-revoke") {
    await revokeFeedToken(viewer.id);
    return redirectWithToast(back, { kind: "success", title: t.feed.revoked }, { status: 303 });
  }
  const bookingId = String(form.get("booking") ?? "");
  if (intent === "held" || intent === "missed") {
    const result = await markSession(viewer, bookingId, intent);
    if (result.ok)
      return redirectWithToast(
        back,
        { kind: "success", title: t.marked, description: t.state[intent] },
        { status: 303 },
      );
    return redirectWithToast(
      back,
      { kind: "error", title: t.failed, description: t.errors[result.error] },
      { status: 303 },
    );
  }
  const reason = form.get("reason");
  const startsAt = form.get("startsAt");
  const result = await changeFromAgenda(viewer, { intent, bookingId, reason, startsAt });
  if (result.ok)
    return redirectWithToast(
      back,
      { kind: "success", title: intent === "cancel" ? t.cancelled : t.rescheduled },
      { status: 303 },
    );
  const failed = {
    bookingId,
    message: t.errors[result.error],
    reason: typeof reason === "string" ? reason : "",
    startsAt: typeof startsAt === "string" ? startsAt : "",
  };
  return data<AgendaActionData>({ failed }, { status: result.error === "not-found" ? 404 : 400 });
}

export default function AdminAgenda() {
  const { nav, text, isAdmin, feed, todayHeading, today, later } = useLoaderData<typeof loader>();
  const actionData = useActionData<AgendaActionData>();
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting"
      ? String(navigation.formData?.get("booking") ?? "") + ":" + String(navigation.formData?.get("intent") ?? "")
      : null;
  const card = (session: AgendaSessionView) => (
    <AgendaSessionCard
      key={session.id}
      session={session}
      text={text}
      failed={actionData?.failed?.bookingId === session.id ? actionData.failed : null}
      pending={pending}
    />
  );
  return (
    <Container className="space-y-6 py-10">
      <AdminNav text={nav.text} role={nav.role} />
      <h1 className="text-3xl font-bold text-navy-900">{text.title}</h1>
      <p className="max-w-3xl text-slate-700">{isAdmin ? text.introAdmin : text.intro}</p>
      <p className="max-w-3xl font-semibold text-slate-800" data-testid="agenda-zone">
        {text.zoneNote}
      </p>
      <section aria-labelledby="agenda-today" className="space-y-3">
        <h2 id="agenda-today" className="text-xl font-bold text-navy-900">
          {todayHeading}
        </h2>
        {today.length === 0 ? (
          <p className="text-slate-700">{text.noneToday}</p>
        ) : (
          <ul className="space-y-3">{today.map(card)}</ul>
        )}
      </section>
      <section aria-labelledby="agenda-week" className="space-y-3">
        <h2 id="agenda-week" className="text-xl font-bold text-navy-900">
          {text.week}
        </h2>
        {later.length === 0 ? (
          <p className="text-slate-700">{text.none}</p>
        ) : (
          <ul className="space-y-3">{later.map(card)}</ul>
        )}
      </section>
      <Card className="space-y-3" data-testid="agenda-feed">
        <h2 className="text-lg font-bold text-navy-900">{text.feed.title}</h2>
        <p className="text-slate-700">{actionData?.feedUrl || feed ? text.feed.active : text.feed.none}</p>
        {actionData?.feedUrl ? (
          <div role="status" className="space-y-1">
            <p className="font-semibold text-navy-900">{text.feed.once}</p>
            <input
              readOnly
              aria-label={text.feed.address}
              value={actionData.feedUrl}
              dir="ltr"
              className="block w-full rounded-lg border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-sm"
              data-testid="feed-url"
            />
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <ResilientForm method="post">
            <input type="hidden" name="intent" value="feed-renew" />
            <Button type="submit" size="sm" variant="secondary">
              {feed || actionData?.feedUrl ? text.feed.renew : text.feed.create}
            </Button>
          </ResilientForm>
          {feed || actionData?.feedUrl ? (
            <ResilientForm method="post">
              <input type="hidden" name="intent" value="feed-revoke" />
              <Button type="submit" size="sm" variant="destructive">
                {text.feed.revoke}
              </Button>
            </ResilientForm>
          ) : null}
        </div>
      </Card>
    </Container>
  );
}
