import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "../auth/session.server";
import { ModeChoice, SlotChoice, TimeZoneChoice } from "../components/consultations/booking-form";
import { LocalizedLink } from "../components/layout/localized-link";
import { Card } from "../components/ui/card";
import { Notice } from "../components/ui/notice";
import { Container } from "../components/ui/section";
import { availableSlots, bookingContext, bookSession, isConsultationMode, loadConsultants, offeredModes } from "../consultations/booking.server";
import { slotDays, slotOption, type SlotOptionView } from "../consultations/booking-view.server";
import { parseSlotValue } from "../consultations/slots";
import { COMMON_TIME_ZONES, validTimeZone } from "../consultations/time-zones";
import { sessionWhen } from "../consultations/booking-mail.server";
import { bookingText } from "../content/booking.server";
import { submissionKeyOf } from "../forms/submission-keys.server";
import { resilientClientAction } from "../forms/submission-client-action";
import { redirectWithToast } from "../forms/toast.server";
import { formOrEmpty, langParam, notFound } from "../http/http.server";
import { fill } from "../i18n/fill";
import { localizePath } from "../i18n/lang";
import { metaFromLoader } from "../seo/meta";
import { pageHead } from "../seo/page-head.server";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

/**
 * Booking one of an order's sessions: how to meet (GET ?mode=), then a slot of the next 14 days
 * in Gulf time with the visitor's zone beside it (GET ?tz=), confirmed by a POST. Another client's
 * order, or an order without sessions, is 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const user = await requireUser(request);
  const context = await bookingContext(params.id ?? "", user.id);
  if (!context) notFound();
  const orderPath = localizePath(lang, `/dashboard/orders/${context.order.id}`);
  if (context.unused === 0) throw redirect(`${orderPath}#consultation`);
  const t = bookingText[lang];
  const url = new URL(request.url);
  const consultants = await loadConsultants();
  const offered = offeredModes(consultants);
  const modeParam = url.searchParams.get("mode");
  const mode = isConsultationMode(modeParam) && offered.includes(modeParam) ? modeParam : null;
  const timeZone = validTimeZone(url.searchParams.get("tz"));
  const shownZone = timeZone === "Asia/Dubai" ? null : timeZone;
  const slots = mode ? await availableSlots(mode, context.minutes) : [];
  return {
    meta: pageHead(request, t.meta),
    text: t,
    orderPath: `/dashboard/orders/${context.order.id}`,
    length: fill(t.length, { minutes: context.minutes }),
    minutes: context.minutes,
    modes: offered.map((value) => ({ value, ...t.modes[value] })),
    mode,
    timeZone,
    zones: [...COMMON_TIME_ZONES],
    days: slotDays(slots, lang, shownZone),
  };
}

type ActionData = { error: string; nearest: SlotOptionView[] };

export const clientAction = resilientClientAction();
export const meta = metaFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const user = await requireUser(request);
  const t = bookingText[lang];
  const form = await formOrEmpty(request);
  const slot = parseSlotValue(form.get("slot"));
  const result = await bookSession({
    orderId: params.id ?? "",
    clientId: user.id,
    mode: form.get("mode"),
    consultantId: slot?.consultantId,
    startsAt: slot?.startsAt,
    minutes: form.get("minutes"),
    submissionKey: submissionKeyOf(form, `book-consultation:${user.id}`),
  });
  if (!result.ok) {
    if (result.error === "not-found") return notFound();
    const timeZone = validTimeZone(new URL(request.url).searchParams.get("tz"));
    const nearest = result.nearest.map((s) => slotOption(s, lang, timeZone === "Asia/Dubai" ? null : timeZone));
    return data<ActionData>({ error: t.errors[result.error as Exclude<typeof result.error, "not-found">], nearest }, { status: result.error === "taken" ? 409 : 400 });
  }
  const when = sessionWhen(result.booking, lang);
  return redirectWithToast(localizePath(lang, `/dashboard/orders/${result.booking.orderId}`) + "#consultation", { kind: "success", title: t.booked, description: fill(t.bookedDescription, { when }) }, { status: 303 });
}

export default function BookConsultation() {
  const { text, orderPath, length, minutes, modes, mode, timeZone, zones, days } = useLoaderData<typeof loader>();
  const refusal = useActionData() as ActionData | undefined;
  return (
    <Container className="max-w-3xl space-y-6 py-10">
      <LocalizedLink to={orderPath} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
        {text.back}
      </LocalizedLink>
      <h1 className="text-3xl font-bold text-navy-900">{text.title}</h1>
      <p className="text-slate-700">{length}</p>
      {refusal ? (
        <Notice kind="error" title={text.errorTitle} id="booking-error" tabIndex={-1}>
          {refusal.error}
        </Notice>
      ) : null}
      <Card>
        <ModeChoice modes={modes} selected={mode} legend={text.modeLegend} submit={mode ? text.changeMode : text.showTimes} timeZone={timeZone} />
      </Card>
      {mode ? (
        <Card className="space-y-6">
          <TimeZoneChoice zones={zones} selected={timeZone} mode={mode} label={text.zoneLabel} gulfOnly={text.zoneGulfOnly} submit={text.zoneShow} />
          {days.length === 0 && !refusal?.nearest.length ? (
            <p data-testid="no-slots">{text.noSlots}</p>
          ) : (
            <SlotChoice days={days} nearest={refusal?.nearest ?? []} nearestTitle={text.nearestTitle} mode={mode} minutes={minutes} legend={text.slotLegend} submit={text.confirm} />
          )}
        </Card>
      ) : null}
    </Container>
  );
}
