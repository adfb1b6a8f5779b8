/**
 * A horizontal bar chart of one metric's p75 per route, drawn as SVG on the server (no chart
 * library, no JavaScript). Dashed lines mark the good / poor thresholds; each bar carries its value
 * as text, so colour is never the only signal.
 */
export function VitalsChart({
  title,
  rows,
  thresholds,
}: {
  title: string;
  rows: Array<{ route: string; value: number; label: string; rating: "good" | "needs-improvement" | "poor" }>;
  thresholds: { good: number; poor: number };
}) {
  const width = 720;
  const labelWidth = 220;
  const valueWidth = 170;
  const barArea = width - labelWidth - valueWidth;
  const rowHeight = 28;
  const top = 8;
  const height = top * 2 + rows.length * rowHeight;
  const max = Math.max(thresholds.poor * 1.1, ...rows.map((r) => r.value)) || 1;
  const x = (value: number) => labelWidth + (value / max) * barArea;
  const fill = { good: "#15803d", "needs-improvement": "#d97706", poor: "#b91c1c" } as const;
  return (
    <div className="relative mt-3 overflow-x-auto" dir="ltr">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        className="min-w-[520px] max-w-[720px]"
        role="img"
        aria-label={title}
        data-testid="vitals-chart"
      >
        <title>{title}</title>
        {[thresholds.good, thresholds.poor].map((t) => (
          <line key={t} x1={x(t)} x2={x(t)} y1={0} y2={height} stroke="#64748b" strokeDasharray="4 4" strokeWidth={1} />
        ))}
        {rows.map((row, i) => {
          const y = top + i * rowHeight;
          return (
            <g key={row.route}>
              <text
                x={labelWidth - 8}
                y={y + rowHeight / 2}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize={12}
                fill="#0f172a"
                fontFamily="ui-monospace, monospace"
              >
                {row.route.length > 30 ? `${row.route.slice(0, 29)}…` : row.route}
              </text>
              <rect
                x={labelWidth}
                y={y + 5}
                width={Math.max(2, x(row.value) - labelWidth)}
                height={rowHeight - 10}
                rx={3}
                fill={fill[row.rating]}
              />
              <text x={x(row.value) + 6} y={y + rowHeight / 2} dominantBaseline="middle" fontSize={12} fill="#0f172a">
                {row.label}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
