import { STYLES } from "@/lib/domain";
import { useLikenessByStyle } from "./api/get-likeness-by-style";
import { Panel, QueryState } from "./figure";
import { formatCount } from "./format";

/**
 * The average likeness per style (issue 26): which style drifts from people's faces. The figures are what
 * the users' browsers reported (docs/decisions/117-likeness.md); lowest first, styles never measured last.
 */
export function LikenessCard() {
  const likeness = useLikenessByStyle();
  return (
    <Panel title="Likeness by Style" description="Average likeness of results to the uploaded photo, as reported by the browser">
      <QueryState query={likeness} label="likeness by style">
        {(rows) => {
          const by = new Map(rows.map((r) => [r.style, r]));
          const styles = STYLES.map((s) => ({ name: s.name, row: by.get(s.id) })).sort(
            (a, b) => (a.row?.averageLikeness ?? Infinity) - (b.row?.averageLikeness ?? Infinity),
          );
          return (
            <table className="w-full text-sm">
              <caption className="sr-only">Average likeness per style, as reported by the browser</caption>
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="pb-2 font-medium">
                    Style
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Measured
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Average
                  </th>
                </tr>
              </thead>
              <tbody>
                {styles.map(({ name, row }) => (
                  <tr key={name} className="border-b last:border-b-0">
                    <th scope="row" className="py-1.5 text-left font-normal">
                      {name}
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{formatCount(row?.measured ?? 0)}</td>
                    <td className="py-1.5 text-right font-semibold tabular-nums">{row ? `${row.averageLikeness.toFixed(1)}%` : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        }}
      </QueryState>
    </Panel>
  );
}
