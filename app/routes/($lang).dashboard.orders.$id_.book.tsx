import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "../auth/session.server";
import { ModeChoice, SlotChoice, TimeZoneChoice } from "../components/consultations/booking-form";
import { LocalizedLink } from "../components/layout/localized-link";
import { Card } from "../components/ui/card";
import { Notice } from "../components/ui/notice";
import { Container } from "../components/ui/section";
import {
  availableSlots,
  bookingContext,
  bookingOfClient,
  bookSession,
  isConsultationMode,
  loadConsultants,
  offeredModes,
} from "../consultations/booking.server";
import { cancelBooking, clientChangeDeadline, rescheduleBooking } from "../consultations/changes.server";
import { getEnv } from "../env.server";
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
  const t = bookingText[lang];
  const url = new URL(request.url);
  // Rescheduling one of the order's live sessions (until the client's deadline), or booking a new one.
  const moving = url.searchParams.get("reschedule")
    ? await bookingOfClient(url.searchParams.get("reschedule") ?? "", context.order.id, user.id)
    : null;
  const reschedule =
    moving && moving.state === "booked" && Date.now() <= clientChangeDeadline(moving).getTime() ? moving : null;
  if (!reschedule && context.unused === 0) throw redirect(`${orderPath}#consultation`);
  const consultants = await loadConsultants();
  const offered = offeredModes(consultants);
  const modeParam = url.searchParams.get("mode");
  const mode = isConsultationMode(modeParam) && offered.includes(modeParam) ? modeParam : null;
  const selectedMode = mode ?? reschedule?.mode ?? null;
  const timeZone = validTimeZone(url.searchParams.get("tz"));
  const shownZone = timeZone === "Asia/Dubai" ? null : timeZone;
  const slots = mode ? await availableSlots(mode, context.minutes, new Date(), undefined, reschedule?.id) : [];
  return {
    meta: pageHead(request, t.meta),
    text: t,
    title: reschedule ? t.rescheduleTitle : t.title,
    reschedule: reschedule ? { id: reschedule.id, current: sessionWhen(reschedule, lang) } : null,
    selectedMode,
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

const getChangeHours = () => getEnv().CONSULTATION_CHANGE_HOURS;

type ActionData = { error: string; nearest: SlotOptionView[] };

export const clientAction = resilientClientAction();
export const meta = metaFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const user = await requireUser(request);
  const t = bookingText[lang];
  const form = await formOrEmpty(request);
  const orderPath = localizePath(lang, `/dashboard/orders/${params.id ?? ""}`) + "#consultation";
  if (form.get("intent") === "cancel") {
    const cancelled = await cancelBooking(String(form.get("booking") ?? ""), { kind: "client", clientId: user.id });
    if (!cancelled.ok && cancelled.error === "not-found") return notFound();
    if (!cancelled.ok)
      return redirectWithToast(
        orderPath,
        {
          kind: "error",
          title: t.errorTitle,
          description: fill(t.errors[cancelled.error as Exclude<typeof cancelled.error, "not-found">], {
            hours: getChangeHours(),
          }),
        },
        { status: 303 },
      );
    return redirectWithToast(orderPath, { kind: "success", title: t.cancelled }, { status: 303 });
  }
  const slot = parseSlotValue(form.get("slot"));
  const moving = form.get("reschedule");
  const result =
    typeof moving === "string" && moving
      ? await rescheduleBooking({
          bookingId: moving,
          actor: { kind: "client", clientId: user.id },
          consultantId: slot?.consultantId,
          startsAt: slot?.startsAt,
          mode: form.get("mode"),
        })
      : await bookSession({
          orderId: params.id ?? "",
          clientId: user.id,
          mode: form.get("mode"),
          consultantId: slot?.consultantId,
          startsAt: slot?.startsAt,
          minutes: form.get("minutes"),
          submissionKey: submissionKeyOf(form, `book-consultation:${user.id}`),
        });
  if (result.ok && result.booking.orderId !== params.id) return notFound();
  if (!result.ok) {
    if (result.error === "not-found") return notFound();
    const timeZone = validTimeZone(new URL(request.url).searchParams.get("tz"));
    const nearest = result.nearest.map((s) => slotOption(s, lang, timeZone === "Asia/Dubai" ? null : timeZone));
    return data<ActionData>(
      {
        error: fill(t.errors[result.error as Exclude<typeof result.error, "not-found">], { hours: getChangeHours() }),
        nearest,
      },
      { status: result.error === "taken" ? 409 : 400 },
    );
  }
  const when = sessionWhen(result.booking, lang);
  const title = typeof moving === "string" && moving ? t.rescheduled : t.booked;
  return redirectWithToast(
    orderPath,
    { kind: "success", title, description: fill(t.bookedDescription, { when }) },
    { status: 303 },
  );
}

export default function BookConsultation() {
  const { text, title, reschedule, selectedMode, orderPath, length, minutes, modes, mode, timeZone, zones, days } =
    useLoaderData<typeof loader>();
  const refusal = useActionData() as ActionData | undefined;
  return (
    <Container className="max-w-3xl space-y-6 py-10">
      <LocalizedLink to={orderPath} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
        {text.back}
      </LocalizedLink>
      <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
      <p className="text-slate-700">{length}</p>
      {reschedule ? (
        <p className="font-semibold" data-testid="current-session">
          {reschedule.current}
        </p>
      ) : null}
      {refusal ? (
        <Notice kind="error" title={text.errorTitle} id="booking-error" tabIndex={-1}>
          {refusal.error}
        </Notice>
      ) : null}
      <Card>
        <ModeChoice
          modes={modes}
          selected={selectedMode}
          legend={text.modeLegend}
          submit={mode ? text.changeMode : text.showTimes}
          timeZone={timeZone}
          reschedule={reschedule?.id ?? null}
        />
      </Card>
      {mode ? (
        <Card className="space-y-6">
          <TimeZoneChoice
            zones={zones}
            selected={timeZone}
            mode={mode}
            label={text.zoneLabel}
            gulfOnly={text.zoneGulfOnly}
            submit={text.zoneShow}
            reschedule={reschedule?.id ?? null}
          />
          {days.length === 0 && !refusal?.nearest.length ? (
            <p data-testid="no-slots">{text.noSlots}</p>
          ) : (
            <SlotChoice
              days={days}
              nearest={refusal?.nearest ?? []}
              nearestTitle={text.nearestTitle}
              mode={mode}
              minutes={minutes}
              legend={text.slotLegend}
              submit={text.confirm}
              reschedule={reschedule?.id ?? null}
            />
          )}
        </Card>
      ) : null}
    </Container>
  );
}
