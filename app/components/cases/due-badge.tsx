import { Badge } from "../ui/badge";

/** A case's due time; late cases say "Overdue" in words (colour only reinforces it). */
export function DueTime({
  due,
  overdue,
  overdueLabel,
  dateTime,
}: {
  due: string | null;
  overdue: boolean;
  overdueLabel: string;
  dateTime: string | null;
}) {
  if (!due) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-overdue={overdue || undefined}>
      {overdue ? <Badge tone="red">{overdueLabel}</Badge> : null}
      <time dateTime={dateTime ?? undefined} className={overdue ? "font-semibold text-red-800" : undefined}>
        {due}
      </time>
    </span>
  );
}
