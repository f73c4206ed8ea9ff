import { useRefineAnalytics } from "./api/get-refine-analytics";
import { FigureTable, QueryPanel } from "./figure";
import { formatCount, formatEuroCents } from "./format";

/**
 * Edits and redos (issue 36): how many, how they ended, what they cost (in every cost and profit figure too), and
 * the redo rate per style: "Doesn't look like me" per first picture. A style with a high rate has a prompt to fix.
 */
export function RefinesCard() {
  const refines = useRefineAnalytics();
  return (
    <QueryPanel
      title="Edits and Redos"
      description="Refined pictures and free redos, and the redo rate per style (all time)"
      query={refines}
    >
      {(r) => (
        <div className="grid gap-3 text-sm">
          <dl className="grid grid-cols-2 gap-3">
            <Tally label="Edits" of={r.edits} parts={{ made: r.edits.completed, failed: r.edits.failed }} />
            <Tally label="Redos" of={r.redos} parts={{ free: r.redos.free, failed: r.redos.failed }} />
          </dl>
          <FigureTable
            caption="Redo rate per style"
            columns={["Style", "Pictures", "Redos", "Redo rate"]}
            rows={r.byStyle.map((s) => ({
              key: s.style,
              head: s.style,
              figures: [formatCount(s.pictures), formatCount(s.redos), `${s.redoRate.toFixed(1)}%`],
            }))}
          />
        </div>
      )}
    </QueryPanel>
  );
}

/** One count with how it ended and what it cost: "12" over "10 made · 2 failed · €0.40". */
function Tally({ label, of, parts }: { label: string; of: { started: number; costCents: number }; parts: Record<string, number> }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{formatCount(of.started)}</dd>
      <dd className="text-xs text-muted-foreground">
        {[...Object.entries(parts).map(([what, n]) => `${formatCount(n)} ${what}`), formatEuroCents(of.costCents)].join(" · ")}
      </dd>
    </div>
  );
}
