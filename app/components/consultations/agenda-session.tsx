import type { AgendaText } from "../../content/agenda.server";
import { ResilientForm } from "../forms/resilient-form";
import { LocalizedLink } from "../layout/localized-link";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { TextAreaField, TextField } from "../ui/field";

export type AgendaSessionView = {
  id: string;
  day: string;
  iso: string;
  time: string;
  client: string;
  clientEmail: string;
  orderId: string;
  orderLabel: string;
  mode: string;
  phone: string | null;
  notes: string | null;
  consultant: string | null;
  state: string;
  stateLabel: string;
  canMark: boolean;
  canChange: boolean;
  /** The current start as a Gulf-time datetime-local value. */
  newTime: string;
};

type Failed = { message: string; reason: string; startsAt: string };

/** One session of "My agenda": who, when and how; marking it held or missed; moving or cancelling it with a reason. */
export function AgendaSessionCard({
  session,
  text,
  failed,
  pending,
}: {
  session: AgendaSessionView;
  text: AgendaText;
  failed: Failed | null;
  pending: string | null;
}) {
  const busy = (intent: string) => pending === `${session.id}:${intent}`;
  return (
    <li data-session={session.id} data-state={session.state}>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="text-lg font-bold text-navy-900">
            <time dateTime={session.iso}>
              {session.day}, {session.time}
            </time>
          </h3>
          <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800">
            {session.stateLabel}
          </span>
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-slate-700">{text.client}</dt>
          <dd>
            <bdi>{session.client}</bdi> · <bdi>{session.clientEmail}</bdi>
          </dd>
          <dt className="font-semibold text-slate-700">{text.order}</dt>
          <dd>
            <LocalizedLink to={`/admin/orders/${session.orderId}`} className="font-semibold text-navy-800 underline">
              {session.orderLabel}
            </LocalizedLink>
          </dd>
          <dt className="font-semibold text-slate-700">{text.mode}</dt>
          <dd>
            {session.mode}
            {session.phone ? (
              <>
                {" · "}
                <bdi dir="ltr">{session.phone}</bdi>
              </>
            ) : null}
          </dd>
          {session.consultant ? (
            <>
              <dt className="font-semibold text-slate-700">{text.consultant}</dt>
              <dd>
                <bdi>{session.consultant}</bdi>
              </dd>
            </>
          ) : null}
          {session.notes ? (
            <>
              <dt className="font-semibold text-slate-700">{text.notes}</dt>
              <dd className="whitespace-pre-line">{session.notes}</dd>
            </>
          ) : null}
        </dl>
        {failed ? (
          <p role="alert" className="font-semibold text-red-700" data-testid="agenda-error">
            {failed.message}
          </p>
        ) : null}
        {session.canMark ? (
          <div className="flex flex-wrap gap-2">
            {(["held", "missed"] as const).map((intent) => (
              <ResilientForm method="post" key={intent}>
                <input type="hidden" name="booking" value={session.id} />
                <input type="hidden" name="intent" value={intent} />
                <Button
                  type="submit"
                  size="sm"
                  variant={intent === "held" ? "primary" : "secondary"}
                  pending={busy(intent)}
                >
                  {intent === "held" ? text.markHeld : text.markMissed}
                </Button>
              </ResilientForm>
            ))}
          </div>
        ) : null}
        {session.canChange ? (
          <details open={failed ? true : undefined} className="rounded-lg border border-slate-200 p-3">
            <summary className="cursor-pointer font-semibold text-navy-900">{text.change}</summary>
            <ResilientForm method="post" className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="agenda-change">
              <input type="hidden" name="booking" value={session.id} />
              <TextAreaField
                id={`reason-${session.id}`}
                name="reason"
                label={text.reason}
                hint={text.reasonHint}
                required
                minLength={3}
                maxLength={500}
                rows={2}
                defaultValue={failed?.reason ?? ""}
                className="sm:col-span-2"
              />
              <TextField
                id={`starts-${session.id}`}
                name="startsAt"
                type="datetime-local"
                step={1800}
                label={text.newTime}
                hint={text.newTimeHint}
                defaultValue={failed?.startsAt || session.newTime}
              />
              <div className="flex flex-wrap items-end gap-2">
                <Button type="submit" name="intent" value="reschedule" size="sm" pending={busy("reschedule")}>
                  {text.reschedule}
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value="cancel"
                  size="sm"
                  variant="destructive"
                  pending={busy("cancel")}
                >
                  {text.cancel}
                </Button>
              </div>
            </ResilientForm>
          </details>
        ) : null}
      </Card>
    </li>
  );
}
