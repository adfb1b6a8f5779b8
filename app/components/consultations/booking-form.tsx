import { Form, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import type { SlotDayView, SlotOptionView } from "../../consultations/booking-view.server";
import { ResilientForm } from "../forms/resilient-form";
import { Button } from "../ui/button";
import { inputClasses } from "../ui/field";

type ModeOption = { value: string; label: string; hint: string };

/** Step one: how to meet (a plain GET form: the choice is in the address, so back and reload keep it). */
export function ModeChoice({
  modes,
  selected,
  legend,
  submit,
  timeZone,
  reschedule,
}: {
  modes: ModeOption[];
  selected: string | null;
  legend: string;
  submit: string;
  timeZone: string | null;
  reschedule: string | null;
}) {
  return (
    <Form method="get" className="space-y-4" data-testid="mode-form">
      <fieldset className="space-y-2">
        <legend className="text-lg font-semibold text-navy-900">{legend}</legend>
        {modes.map((mode) => (
          <div
            key={mode.value}
            className="rounded-lg border border-slate-300 p-3 focus-within:ring-2 focus-within:ring-navy-600"
          >
            <label className="flex items-center gap-3 font-semibold">
              <input
                type="radio"
                name="mode"
                value={mode.value}
                defaultChecked={mode.value === selected}
                required
                className="h-5 w-5"
                aria-describedby={`mode-${mode.value}-hint`}
              />
              {mode.label}
            </label>
            <p id={`mode-${mode.value}-hint`} className="ms-8 text-sm text-slate-700">
              {mode.hint}
            </p>
          </div>
        ))}
      </fieldset>
      {timeZone ? <input type="hidden" name="tz" value={timeZone} /> : null}
      {reschedule ? <input type="hidden" name="reschedule" value={reschedule} /> : null}
      <Button type="submit" variant="secondary">
        {submit}
      </Button>
    </Form>
  );
}

/**
 * The visitor's own zone beside Gulf time: a select sent by GET without JavaScript; with it, the
 * browser's zone is filled in once when the address names none.
 */
export function TimeZoneChoice({
  zones,
  selected,
  mode,
  label,
  gulfOnly,
  submit,
  reschedule,
}: {
  zones: string[];
  selected: string | null;
  mode: string;
  label: string;
  gulfOnly: string;
  submit: string;
  reschedule: string | null;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    if (params.has("tz")) return;
    const detected = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!detected || detected === "Asia/Dubai") return;
    const next = new URLSearchParams(params);
    next.set("tz", detected);
    navigate(`?${next.toString()}`, { replace: true, preventScrollReset: true });
  }, [params, navigate]);
  const options = selected && !zones.includes(selected) ? [selected, ...zones] : zones;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="zone-form">
      <input type="hidden" name="mode" value={mode} />
      {reschedule ? <input type="hidden" name="reschedule" value={reschedule} /> : null}
      <div className="space-y-1">
        <label htmlFor="time-zone" className="block text-sm font-semibold text-navy-900">
          {label}
        </label>
        <select
          id="time-zone"
          name="tz"
          defaultValue={selected ?? ""}
          key={selected ?? ""}
          className={inputClasses}
          dir="ltr"
        >
          <option value="">{gulfOnly}</option>
          {options.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" size="sm">
        {submit}
      </Button>
    </Form>
  );
}

function SlotRadio({ slot, name }: { slot: SlotOptionView; name: string }) {
  return (
    <label className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 focus-within:ring-2 focus-within:ring-navy-600">
      <input type="radio" name={name} value={slot.value} required className="h-5 w-5" />
      <span>
        <time dateTime={slot.iso} className="font-semibold">
          {slot.gulf}
        </time>
        {slot.local ? <span className="block text-sm text-slate-700">{slot.local}</span> : null}
      </span>
    </label>
  );
}

/** Step two: the slot, days as headings and times as radio buttons; a plain POST. */
export function SlotChoice({
  days,
  nearest,
  nearestTitle,
  mode,
  minutes,
  legend,
  submit,
  action,
  reschedule,
}: {
  days: SlotDayView[];
  nearest: SlotOptionView[];
  nearestTitle: string;
  mode: string;
  minutes: number;
  legend: string;
  submit: string;
  action?: string;
  reschedule: string | null;
}) {
  const navigation = useNavigation();
  return (
    <ResilientForm method="post" action={action} className="space-y-6" data-testid="slot-form">
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="minutes" value={minutes} />
      {reschedule ? <input type="hidden" name="reschedule" value={reschedule} /> : null}
      <fieldset className="space-y-6">
        <legend className="text-lg font-semibold text-navy-900">{legend}</legend>
        {nearest.length > 0 ? (
          <section aria-labelledby="nearest-heading" className="space-y-2" data-testid="nearest-slots">
            <h3 id="nearest-heading" className="font-semibold text-navy-900">
              {nearestTitle}
            </h3>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {nearest.map((slot) => (
                <SlotRadio key={`near-${slot.value}`} slot={slot} name="slot" />
              ))}
            </div>
          </section>
        ) : null}
        {days.map((day) => (
          <section key={day.date} aria-labelledby={`day-${day.date}`} className="space-y-2" data-day={day.date}>
            <h3 id={`day-${day.date}`} className="font-semibold text-navy-900">
              {day.heading}
            </h3>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {day.slots.map((slot) => (
                <SlotRadio key={slot.value} slot={slot} name="slot" />
              ))}
            </div>
          </section>
        ))}
      </fieldset>
      <Button type="submit" pending={navigation.state === "submitting"}>
        {submit}
      </Button>
    </ResilientForm>
  );
}
