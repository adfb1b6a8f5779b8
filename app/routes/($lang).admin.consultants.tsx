import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin, requireAdminAction } from "../admin/guard.server";
import { AdminNav } from "../components/admin/admin-nav";
import { ResilientForm } from "../components/forms/resilient-form";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { CheckboxField, FieldErrors, SelectField, TextField } from "../components/ui/field";
import { Container } from "../components/ui/section";
import {
  addDayOff,
  consultantList,
  consultantSettingsOf,
  consultantSettingsSchema,
  removeDayOff,
  saveConsultantSettings,
} from "../consultations/consultant-settings.server";
import { endField, startField, STRETCHES, WEEKDAYS } from "../consultations/hours-fields";
import { consultantSettingsText } from "../content/agenda.server";
import { backofficeText } from "../content/backoffice.server";
import { bookingText } from "../content/booking.server";
import { resilientClientAction } from "../forms/submission-client-action";
import { redirectWithToast } from "../forms/toast.server";
import { formOrEmpty, langParam, notFound } from "../http/http.server";
import { fill } from "../i18n/fill";
import { formatDate } from "../i18n/format";
import { localizePath } from "../i18n/lang";
import { metaFromLoader } from "../seo/meta";
import { pageHead } from "../seo/page-head.server";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

// A consultant's weekly hours, modes and days off (decision 087), chosen with a GET form.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const admin = await requireAdmin(request);
  const t = consultantSettingsText[lang];
  const consultants = await consultantList();
  const chosen = new URL(request.url).searchParams.get("consultant") ?? consultants[0]?.id ?? "";
  const settings = chosen ? await consultantSettingsOf(chosen) : null;
  if (chosen && !settings) notFound();
  return {
    meta: pageHead(request, t.meta),
    nav: { text: backofficeText[lang].admin.nav, role: admin.role },
    text: t,
    modes: (["video", "phone", "in_person"] as const).map((mode) => ({
      mode,
      label: bookingText[lang].modes[mode].label,
    })),
    consultants,
    chosen,
    settings: settings && {
      ...settings,
      daysOff: settings.daysOff.map((day) => ({
        day,
        label: formatDate(`${day}T12:00:00+04:00`, lang, { dateStyle: "full" }),
      })),
    },
  };
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  await requireAdminAction(request);
  const t = consultantSettingsText[lang];
  const form = await formOrEmpty(request);
  const consultant = String(form.get("consultant") ?? "");
  if (!(await consultantSettingsOf(consultant))) notFound();
  const back = `${localizePath(lang, "/admin/consultants")}?consultant=${consultant}`;
  const intent = form.get("intent");
  if (intent === "add-day") {
    if (!(await addDayOff(consultant, form.get("day"))))
      return redirectWithToast(back, { kind: "error", title: t.dayInvalid }, { status: 303 });
    return redirectWithToast(back, { kind: "success", title: t.dayAdded }, { status: 303 });
  }
  if (intent === "remove-day") {
    if (!(await removeDayOff(consultant, form.get("day"))))
      return redirectWithToast(back, { kind: "error", title: t.dayInvalid }, { status: 303 });
    return redirectWithToast(back, { kind: "success", title: t.dayRemoved }, { status: 303 });
  }
  const submission = parseWithZod(form, { schema: consultantSettingsSchema });
  if (submission.status !== "success") {
    const reply = submission.reply();
    // The schema's messages are keys: say them in the page's language.
    const error = Object.fromEntries(
      Object.entries(reply.error ?? {}).map(([field, messages]) => [
        field,
        messages?.map((m) => t.errors[m] ?? m) ?? null,
      ]),
    );
    return data({ result: { ...reply, error } }, { status: 400 });
  }
  await saveConsultantSettings(consultant, submission.value);
  return redirectWithToast(back, { kind: "success", title: t.saved }, { status: 303 });
}

export default function AdminConsultants() {
  const { nav, text, modes: modeChoices, consultants, chosen, settings } = useLoaderData<typeof loader>();
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const [form, fields] = useForm<Record<string, string | string[] | boolean>>({
    lastResult: actionData?.result,
    defaultValue: settings?.values,
  });
  const value = (name: string) => {
    const initial = (fields as Record<string, { initialValue?: unknown }>)[name]?.initialValue;
    return typeof initial === "string" ? initial : "";
  };
  const errorsOf = (name: string) => (fields as Record<string, { errors?: string[] }>)[name]?.errors;
  const modes = (fields.modes?.initialValue as string[] | string | undefined) ?? [];
  const checkedModes = Array.isArray(modes) ? modes : [modes];
  const consults = fields.consults?.initialValue;
  return (
    <Container className="space-y-6 py-10">
      <AdminNav text={nav.text} role={nav.role} />
      <h1 className="text-3xl font-bold text-navy-900">{text.title}</h1>
      <p className="max-w-3xl text-slate-700">{text.intro}</p>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <SelectField
          id="consultant-choice"
          name="consultant"
          label={text.choose}
          options={consultants.map((c) => ({ value: c.id, label: c.name }))}
          defaultValue={chosen}
        />
        <Button type="submit" variant="secondary">
          {text.open}
        </Button>
      </Form>
      {settings ? (
        <>
          <Card>
            <h2 className="text-lg font-bold text-navy-900">{text.settings}</h2>
            <ResilientForm
              method="post"
              {...getFormProps(form)}
              key={`${chosen}-${form.key ?? ""}`}
              className="mt-3 space-y-4"
              data-testid="consultant-settings"
            >
              <input type="hidden" name="consultant" value={chosen} />
              <input type="hidden" name="intent" value="save" />
              <CheckboxField id="consults" name="consults" label={text.consults} defaultChecked={consults === "on"} />
              <fieldset aria-describedby={errorsOf("modes")?.length ? "modes-error" : undefined}>
                <legend className="text-sm font-semibold text-navy-900">{text.modes}</legend>
                <div className="mt-2 flex flex-wrap gap-4">
                  {modeChoices.map(({ mode, label }) => (
                    <CheckboxField
                      key={mode}
                      id={`mode-${mode}`}
                      name="modes"
                      value={mode}
                      label={label}
                      defaultChecked={checkedModes.includes(mode)}
                    />
                  ))}
                </div>
                <FieldErrors id="modes-error" errors={errorsOf("modes")} />
              </fieldset>
              <fieldset>
                <legend className="text-sm font-semibold text-navy-900">{text.hoursLegend}</legend>
                <p className="text-sm text-slate-600">{text.hoursHint}</p>
                <div className="mt-2 grid gap-4">
                  {WEEKDAYS.map((day) => (
                    // One fieldset per day: its name is read with each of its times.
                    <fieldset
                      key={day}
                      className="grid items-start gap-3 sm:grid-cols-[8rem_1fr]"
                      data-testid={`hours-${day}`}
                    >
                      <legend className="float-start pt-2 font-semibold text-slate-800 sm:w-32">
                        {text.weekdays[day]}
                      </legend>
                      <div className="grid gap-3 sm:col-start-2 md:grid-cols-3">
                        {STRETCHES.map((n) => (
                          <div key={n} className="grid grid-cols-2 gap-2">
                            <TextField
                              id={startField(day, n)}
                              name={startField(day, n)}
                              type="time"
                              label={`${text.start} · ${fill(text.stretch, { n: n + 1 })}`}
                              defaultValue={value(startField(day, n))}
                              errors={errorsOf(startField(day, n))}
                            />
                            <TextField
                              id={endField(day, n)}
                              name={endField(day, n)}
                              type="time"
                              label={`${text.end} · ${fill(text.stretch, { n: n + 1 })}`}
                              defaultValue={value(endField(day, n))}
                              errors={errorsOf(endField(day, n))}
                            />
                          </div>
                        ))}
                      </div>
                    </fieldset>
                  ))}
                </div>
              </fieldset>
              <TextField
                id="videoUrl"
                name="videoUrl"
                type="url"
                label={text.videoUrl}
                hint={text.videoUrlHint}
                defaultValue={value("videoUrl")}
                errors={errorsOf("videoUrl")}
                dir="ltr"
              />
              <Button type="submit">{text.save}</Button>
            </ResilientForm>
          </Card>
          <Card>
            <h2 className="text-lg font-bold text-navy-900">{text.daysOff}</h2>
            {settings.daysOff.length === 0 ? (
              <p className="mt-2 text-slate-700">{text.noDaysOff}</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-200" data-testid="days-off">
                {settings.daysOff.map((d) => (
                  <li key={d.day} className="flex flex-wrap items-center justify-between gap-3 py-2">
                    <time dateTime={d.day}>{d.label}</time>
                    <ResilientForm method="post">
                      <input type="hidden" name="consultant" value={chosen} />
                      <input type="hidden" name="intent" value="remove-day" />
                      <input type="hidden" name="day" value={d.day} />
                      <Button type="submit" variant="ghost" size="sm">
                        {text.remove}
                        <span className="sr-only"> {d.label}</span>
                      </Button>
                    </ResilientForm>
                  </li>
                ))}
              </ul>
            )}
            <ResilientForm method="post" className="mt-3 flex flex-wrap items-end gap-3">
              <input type="hidden" name="consultant" value={chosen} />
              <input type="hidden" name="intent" value="add-day" />
              <TextField id="day-off" name="day" type="date" label={text.addDayOff} required />
              <Button type="submit" variant="secondary">
                {text.add}
              </Button>
            </ResilientForm>
          </Card>
        </>
      ) : null}
    </Container>
  );
}
