import { Card } from "../ui/card";

export type TeamAccessRow = { id: string; text: string; date: string; isoDate: string };

/** On the client's order page: who from the team opened the client's files, and when (newest first). */
export function TeamAccessList({
  title,
  intro,
  empty,
  rows,
}: {
  title: string;
  intro: string;
  empty: string;
  rows: TeamAccessRow[];
}) {
  return (
    <Card data-testid="team-access">
      <h2 className="text-lg font-bold text-navy-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-700">{intro}</p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {rows.map((row) => (
            <li key={row.id}>
              <span className="text-navy-900">{row.text}</span>{" "}
              <time className="text-slate-600" dateTime={row.isoDate}>
                {row.date}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
