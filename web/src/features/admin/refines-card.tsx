import { useRefineAnalytics } from "./api/get-refine-analytics";
import { Panel, QueryState } from "./figure";
import { formatCount, formatEuroCents } from "./format";

/**
 * Edits and redos (issue 36): how many, how they ended, what they cost (in every cost and profit figure too), and
 * the redo rate per style: "Doesn't look like me" per first picture. A style with a high rate has a prompt to fix.
 */
export function RefinesCard() {
  const refines = useRefineAnalytics();
  return (
    <Panel title="Edits and Redos" description="Refined pictures and free redos, and the redo rate per style (all time)">
      <QueryState query={refines} label="edits and redos">
        {(r) => (
          <div className="grid gap-3 text-sm">
            <dl className="grid grid-cols-2 gap-3">
              <div>
                <dt className="text-muted-foreground">Edits</dt>
                <dd className="text-2xl font-bold tabular-nums">{formatCount(r.edits.started)}</dd>
                <dd className="text-xs text-muted-foreground">
                  {formatCount(r.edits.completed)} made · {formatCount(r.edits.failed)} failed · {formatEuroCents(r.edits.costCents)}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Redos</dt>
                <dd className="text-2xl font-bold tabular-nums">{formatCount(r.redos.started)}</dd>
                <dd className="text-xs text-muted-foreground">
                  {formatCount(r.redos.free)} free · {formatCount(r.redos.failed)} failed · {formatEuroCents(r.redos.costCents)}
                </dd>
              </div>
            </dl>
            <table className="w-full">
              <caption className="sr-only">Redo rate per style</caption>
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="pb-2 font-medium">
                    Style
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Pictures
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Redos
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Redo rate
                  </th>
                </tr>
              </thead>
              <tbody>
                {r.byStyle.map((s) => (
                  <tr key={s.style} className="border-b last:border-b-0">
                    <th scope="row" className="py-1.5 text-left font-normal">
                      {s.style}
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{formatCount(s.pictures)}</td>
                    <td className="py-1.5 text-right tabular-nums">{formatCount(s.redos)}</td>
                    <td className="py-1.5 text-right tabular-nums">{s.redoRate.toFixed(1)}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </Panel>
  );
}
