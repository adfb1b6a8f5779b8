import { useNavigation } from "@remix-run/react";
import type { BackofficeText } from "../../content/backoffice.server";
import { ResilientForm } from "../forms/resilient-form";
import { usePagePath } from "../cases/page-path";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { SelectField, TextAreaField } from "../ui/field";

/** The staff's forms on a case: its status (with a history note), the internal note, a report upload. */
export function OrderStaffForms({
  statusOptions,
  currentStatus,
  internalNote,
  text,
}: {
  /** Null when this viewer may not change the status (staff and a cancelled order). */
  statusOptions: { value: string; label: string }[] | null;
  currentStatus: string;
  internalNote: string;
  text: BackofficeText["adminOrder"];
}) {
  const pagePath = usePagePath();
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" && (navigation.formData?.get("intent") ?? "report") === intent;
  return (
    <>
      {statusOptions ? (
        <Card>
          <h2 className="text-lg font-bold text-navy-900">{text.statusTitle}</h2>
          <ResilientForm method="post" action={pagePath} className="mt-3 space-y-3" data-testid="order-status-form">
            <input type="hidden" name="intent" value="status" />
            <SelectField
              id="order-status"
              name="status"
              label={text.statusTitle}
              options={statusOptions}
              defaultValue={currentStatus}
              key={currentStatus}
            />
            <TextAreaField id="status-note" name="note" label={text.statusNote} rows={2} maxLength={1000} />
            <Button type="submit" pending={busy("status")}>
              {text.saveStatus}
            </Button>
          </ResilientForm>
        </Card>
      ) : null}
      <Card>
        <h2 className="text-lg font-bold text-navy-900">{text.noteTitle}</h2>
        <ResilientForm method="post" action={pagePath} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="note" />
          <TextAreaField
            id="internal-note"
            name="note"
            label={text.noteTitle}
            hint={text.noteHint}
            rows={4}
            maxLength={5000}
            defaultValue={internalNote}
            key={internalNote}
          />
          <Button type="submit" variant="secondary" pending={busy("note")}>
            {text.saveNote}
          </Button>
        </ResilientForm>
      </Card>
      <Card>
        <h2 className="text-lg font-bold text-navy-900">{text.reportTitle}</h2>
        <ResilientForm
          method="post"
          action={pagePath}
          encType="multipart/form-data"
          className="mt-3 space-y-3"
          data-testid="report-form"
        >
          <div className="space-y-1">
            <label htmlFor="report-file" className="block text-sm font-semibold text-navy-900">
              {text.reportFile}
            </label>
            <input
              id="report-file"
              name="report"
              type="file"
              accept=".pdf,application/pdf"
              required
              aria-describedby="report-hint"
              className="block w-full text-sm"
            />
            <p id="report-hint" className="text-sm text-slate-600">
              {text.reportHint}
            </p>
          </div>
          <Button type="submit" variant="secondary" pending={busy("report")}>
            {text.upload}
          </Button>
        </ResilientForm>
      </Card>
    </>
  );
}
