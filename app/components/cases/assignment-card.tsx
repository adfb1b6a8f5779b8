import { useNavigation } from "@remix-run/react";
import { ResilientForm } from "../forms/resilient-form";
import type { CasesText } from "../../content/cases.server";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { inputClasses } from "../ui/field";
import { usePagePath } from "./page-path";

export type AssignmentView = {
  /** "Assigned to …", "Assigned to you" or "Unassigned". */
  summary: string;
  assigneeId: string | null;
  /** Admins: everyone who works cases. Staff: none (they take or give back). */
  options: Array<{ value: string; label: string }> | null;
  canTake: boolean;
  canRelease: boolean;
};

/** Who works the case; admins assign anyone, staff take a case from the queue or put theirs back. Plain forms. */
export function AssignmentCard({ view, text }: { view: AssignmentView; text: CasesText["assignment"] }) {
  const pagePath = usePagePath();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "assign";
  return (
    <Card data-testid="assignment">
      <h2 className="text-lg font-bold text-navy-900">{text.title}</h2>
      <p className="mt-2 text-sm font-medium" data-testid="assignee">
        {view.summary}
      </p>
      {view.options ? (
        <ResilientForm
          method="post"
          action={pagePath}
          preventScrollReset
          className="mt-3 flex flex-wrap items-end gap-2"
        >
          <input type="hidden" name="intent" value="assign" />
          <div className="min-w-0 flex-1 space-y-1">
            <label htmlFor="assignee" className="block text-sm font-semibold text-navy-900">
              {text.assignee}
            </label>
            <select
              id="assignee"
              name="assigneeId"
              defaultValue={view.assigneeId ?? ""}
              key={view.assigneeId ?? ""}
              className={inputClasses}
            >
              <option value="">{text.nobody}</option>
              {view.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" pending={busy}>
            {text.assign}
          </Button>
        </ResilientForm>
      ) : null}
      {view.canTake || view.canRelease ? (
        <ResilientForm method="post" action={pagePath} preventScrollReset className="mt-3">
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="assigneeId" value={view.canTake ? "me" : ""} />
          <Button type="submit" variant="secondary" pending={busy}>
            {view.canTake ? text.take : text.release}
          </Button>
        </ResilientForm>
      ) : null}
    </Card>
  );
}
