import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { couponFormSchema, createCoupon, deleteCoupon, listCoupons, setCouponActive } from "../admin/coupons.server";
import { requireAdmin, requireAdminAction } from "../admin/guard.server";
import { AdminNav } from "../components/admin/admin-nav";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { SelectField, TextField } from "../components/ui/field";
import { Container } from "../components/ui/section";
import { TableScroll } from "../components/ui/table-scroll";
import { backofficeText } from "../content/backoffice.server";
import { fill } from "../i18n/fill";
import { formatDate, formatMoney } from "../i18n/format";
import { localizePath } from "../i18n/lang";
import { pageHead } from "../seo/page-head.server";
import { formOrEmpty, langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { redirectWithToast } from "../forms/toast.server";
import { resilientClientAction } from "../forms/submission-client-action";
import { ResilientForm } from "../components/forms/resilient-form";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  await requireAdmin(request);
  const t = backofficeText[lang];
  const coupons = await listCoupons();
  return {
    meta: pageHead(request, t.coupons.meta),
    coupons: coupons.map((c) => ({
      id: c.id,
      code: c.code,
      discount: c.kind === "percent" ? `${c.value}%` : formatMoney(c.value, lang),
      expires: c.expiresAt ? formatDate(c.expiresAt, lang) : t.coupons.never,
      expired: c.expiresAt !== null && c.expiresAt.getTime() < Date.now(),
      // Reserved: held by unpaid orders (given back when they are cancelled or expire); paid: used for good.
      uses: fill(t.coupons.usesValue, {
        paid: c.paid,
        reserved: c.reserved,
        max: c.maxRedemptions ?? t.coupons.unlimited,
      }),
      perClient: c.maxPerClient === null ? t.coupons.unlimited : String(c.maxPerClient),
      used: c.paid + c.reserved + c.released > 0,
      active: c.active,
    })),
    text: t.coupons,
    nav: t.admin.nav,
  };
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const admin = await requireAdminAction(request);
  const t = backofficeText[lang].coupons;
  const back = localizePath(lang, "/admin/coupons");
  const form = await formOrEmpty(request);
  const intent = form.get("intent");
  if (intent === "delete") {
    const result = await deleteCoupon(form.get("id"));
    if (result === "in-use") return redirectWithToast(back, { kind: "error", title: t.inUse }, { status: 303 });
    if (result === "not-found")
      return redirectWithToast(
        back,
        { kind: "error", title: backofficeText[lang].admin.invalidInput },
        { status: 303 },
      );
    return redirectWithToast(back, { kind: "success", title: t.deleted }, { status: 303 });
  }
  if (intent === "deactivate" || intent === "activate") {
    const active = intent === "activate";
    if (!(await setCouponActive(form.get("id"), active)))
      return redirectWithToast(
        back,
        { kind: "error", title: backofficeText[lang].admin.invalidInput },
        { status: 303 },
      );
    return redirectWithToast(back, { kind: "success", title: active ? t.activated : t.deactivated }, { status: 303 });
  }
  const submission = parseWithZod(form, { schema: couponFormSchema });
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
  const created = await createCoupon(submission.value, admin.id);
  if (!created.ok)
    return data({ result: submission.reply({ fieldErrors: { code: [t.errors.duplicate!] } }) }, { status: 400 });
  return redirectWithToast(
    back,
    { kind: "success", title: t.created, description: submission.value.code },
    { status: 303 },
  );
}

type CouponFields = {
  intent: string;
  code: string;
  kind: string;
  value: string;
  expiresAt: string;
  maxRedemptions: string;
  maxPerClient: string;
};

export default function AdminCoupons() {
  const { coupons, text, nav } = useLoaderData<typeof loader>();
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm<CouponFields>({ lastResult: actionData?.result, shouldRevalidate: "onBlur" });
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <Container className="space-y-6 py-10">
      <AdminNav text={nav} />
      <h1 className="text-3xl font-bold text-navy-900">{text.title}</h1>
      <Card>
        <h2 className="text-lg font-bold text-navy-900">{text.create}</h2>
        <ResilientForm
          method="post"
          {...getFormProps(form)}
          key={`${form.key ?? ""}-${coupons.length}`}
          className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          data-testid="coupon-form"
        >
          <input type="hidden" name="intent" value="create" />
          <TextField
            name={fields.code.name}
            defaultValue={fields.code.initialValue}
            id="coupon-code"
            label={text.code}
            hint={text.codeHint}
            errors={fields.code.errors}
            required
            maxLength={32}
            autoCapitalize="characters"
          />
          <SelectField
            name={fields.kind.name}
            id="coupon-kind"
            label={text.kind}
            errors={fields.kind.errors}
            required
            defaultValue={fields.kind.initialValue ?? "percent"}
            options={[
              { value: "percent", label: text.percent },
              { value: "fixed", label: text.fixed },
            ]}
          />
          <TextField
            name={fields.value.name}
            defaultValue={fields.value.initialValue}
            type="number"
            id="coupon-value"
            label={text.value}
            hint={text.valueHint}
            errors={fields.value.errors}
            required
            min={0.01}
            step="0.01"
          />
          <TextField
            name={fields.expiresAt.name}
            defaultValue={fields.expiresAt.initialValue}
            type="date"
            id="coupon-expires"
            label={text.expiresAt}
            errors={fields.expiresAt.errors}
          />
          <TextField
            name={fields.maxRedemptions.name}
            defaultValue={fields.maxRedemptions.initialValue}
            type="number"
            id="coupon-max"
            label={text.maxRedemptions}
            hint={text.maxRedemptionsHint}
            errors={fields.maxRedemptions.errors}
            min={1}
            step={1}
          />
          <TextField
            name={fields.maxPerClient.name}
            defaultValue={fields.maxPerClient.initialValue}
            type="number"
            id="coupon-max-per-client"
            label={text.maxPerClient}
            errors={fields.maxPerClient.errors}
            min={1}
            step={1}
          />
          <div className="sm:col-span-2 lg:col-span-3">
            <Button type="submit" pending={creating}>
              {text.submit}
            </Button>
          </div>
        </ResilientForm>
      </Card>
      <section aria-labelledby="coupon-list-heading">
        <h2 id="coupon-list-heading" className="text-xl font-bold text-navy-900">
          {text.list}
        </h2>
        {coupons.length === 0 ? (
          <p className="mt-3 text-slate-700">{text.none}</p>
        ) : (
          <TableScroll label={text.list} className="mt-3">
            <table className="w-full text-sm" data-testid="coupons">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {[
                    text.columns.code,
                    text.columns.discount,
                    text.columns.expires,
                    text.columns.uses,
                    text.columns.perClient,
                    text.columns.state,
                    text.columns.actions,
                  ].map((label) => (
                    <th key={label} scope="col" className="px-3 py-2 text-start font-semibold">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {coupons.map((c) => (
                  <tr key={c.id} data-coupon={c.code}>
                    <td className="px-3 py-2 font-mono font-semibold">{c.code}</td>
                    <td className="px-3 py-2">
                      <bdi>{c.discount}</bdi>
                    </td>
                    <td className="px-3 py-2">{c.expires}</td>
                    <td className="px-3 py-2" data-testid="coupon-uses">
                      {c.uses}
                    </td>
                    <td className="px-3 py-2">{c.perClient}</td>
                    <td className="px-3 py-2">
                      <Badge tone={c.active && !c.expired ? "green" : "grey"}>
                        {c.active ? text.active : text.inactive}
                      </Badge>
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap gap-2">
                        <ResilientForm method="post">
                          <input type="hidden" name="id" value={c.id} />
                          <input type="hidden" name="intent" value={c.active ? "deactivate" : "activate"} />
                          <Button type="submit" variant={c.active ? "secondary" : "ghost"} size="sm">
                            {c.active ? text.deactivate : text.activate}
                            <span className="sr-only"> {c.code}</span>
                          </Button>
                        </ResilientForm>
                        {c.used ? null : (
                          <ResilientForm method="post">
                            <input type="hidden" name="id" value={c.id} />
                            <input type="hidden" name="intent" value="delete" />
                            <Button type="submit" variant="ghost" size="sm">
                              {text.delete}
                              <span className="sr-only"> {c.code}</span>
                            </Button>
                          </ResilientForm>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </Container>
  );
}
