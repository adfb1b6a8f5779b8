import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireAdmin, requireAdminAction } from "../admin/guard.server";
import { addHoliday, holidayFormSchema, listHolidays, removeHoliday } from "../cases/holidays.server";
import { AdminNav } from "../components/admin/admin-nav";
import { ResilientForm } from "../components/forms/resilient-form";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { TextField } from "../components/ui/field";
import { Container } from "../components/ui/section";
import { backofficeText } from "../content/backoffice.server";
import { holidaysText } from "../content/holidays.server";
import { resilientClientAction } from "../forms/submission-client-action";
import { redirectWithToast } from "../forms/toast.server";
import { formOrEmpty, langParam } from "../http/http.server";
import { formatDate } from "../i18n/format";
import { localizePath } from "../i18n/lang";
import { metaFromLoader } from "../seo/meta";
import { pageHead } from "../seo/page-head.server";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

// UAE public holidays: the list admins keep; promised turnarounds skip these dates.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  await requireAdmin(request);
  const t = holidaysText[lang];
  const holidays = await listHolidays();
  return {
    meta: pageHead(request, t.meta),
    holidays: holidays.map((h) => ({
      day: h.day,
      date: formatDate(`${h.day}T12:00:00+04:00`, lang, { dateStyle: "full" }),
      name: lang === "ar" ? h.nameAr : h.nameEn,
    })),
    text: t,
    nav: backofficeText[lang].admin.nav,
  };
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const admin = await requireAdminAction(request);
  const t = holidaysText[lang];
  const back = localizePath(lang, "/admin/holidays");
  const form = await formOrEmpty(request);
  if (form.get("intent") === "remove") {
    if (!(await removeHoliday(form.get("day"))))
      return redirectWithToast(back, { kind: "error", title: t.invalid }, { status: 303 });
    return redirectWithToast(back, { kind: "success", title: t.removed }, { status: 303 });
  }
  const submission = parseWithZod(form, { schema: holidayFormSchema });
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
  if ((await addHoliday(submission.value, admin.id)) === "duplicate")
    return data({ result: submission.reply({ fieldErrors: { day: [t.duplicate] } }) }, { status: 400 });
  return redirectWithToast(
    back,
    { kind: "success", title: t.added, description: submission.value.day },
    { status: 303 },
  );
}

type HolidayFields = { day: string; nameEn: string; nameAr: string };

export default function AdminHolidays() {
  const { holidays, text, nav } = useLoaderData<typeof loader>();
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm<HolidayFields>({ lastResult: actionData?.result });
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  return (
    <Container className="space-y-6 py-10">
      <AdminNav text={nav} />
      <h1 className="text-3xl font-bold text-navy-900">{text.title}</h1>
      <p className="max-w-3xl text-slate-700">{text.intro}</p>
      <Card>
        <h2 className="text-lg font-bold text-navy-900">{text.add}</h2>
        <ResilientForm
          method="post"
          {...getFormProps(form)}
          key={`${form.key ?? ""}-${holidays.length}`}
          className="mt-3 grid gap-4 sm:grid-cols-3"
          data-testid="holiday-form"
        >
          <input type="hidden" name="intent" value="add" />
          <TextField
            name={fields.day.name}
            defaultValue={fields.day.initialValue}
            type="date"
            id="holiday-day"
            label={text.day}
            errors={fields.day.errors}
            required
          />
          <TextField
            name={fields.nameEn.name}
            defaultValue={fields.nameEn.initialValue}
            id="holiday-name-en"
            label={text.nameEn}
            errors={fields.nameEn.errors}
            required
            maxLength={100}
            dir="ltr"
            lang="en"
          />
          <TextField
            name={fields.nameAr.name}
            defaultValue={fields.nameAr.initialValue}
            id="holiday-name-ar"
            label={text.nameAr}
            errors={fields.nameAr.errors}
            required
            maxLength={100}
            dir="rtl"
            lang="ar"
          />
          <div className="sm:col-span-3">
            <Button type="submit" pending={adding}>
              {text.submit}
            </Button>
          </div>
        </ResilientForm>
      </Card>
      <section aria-labelledby="holiday-list-heading">
        <h2 id="holiday-list-heading" className="text-xl font-bold text-navy-900">
          {text.list}
        </h2>
        {holidays.length === 0 ? (
          <p className="mt-3 text-slate-700">{text.none}</p>
        ) : (
          <ul
            className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
            data-testid="holidays"
          >
            {holidays.map((h) => (
              <li
                key={h.day}
                data-holiday={h.day}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              >
                <span>
                  <time dateTime={h.day} className="font-semibold">
                    {h.date}
                  </time>
                  <span className="ms-2 text-slate-700">{h.name}</span>
                </span>
                <ResilientForm method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="day" value={h.day} />
                  <Button type="submit" variant="ghost" size="sm">
                    {text.remove}
                    <span className="sr-only"> {h.date}</span>
                  </Button>
                </ResilientForm>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Container>
  );
}
