import { STYLES } from "@/lib/domain";
import { useLikenessByStyle } from "./api/get-likeness-by-style";
import { FigureTable, QueryPanel } from "./figure";
import { formatCount } from "./format";

/**
 * The average likeness per style (issue 26): which style drifts from people's faces. The figures are what
 * the users' browsers reported (docs/decisions/117-likeness.md); lowest first, styles never measured last.
 */
export function LikenessCard() {
  const likeness = useLikenessByStyle();
  return (
    <QueryPanel
      title="Likeness by Style"
      description="Average likeness of results to the uploaded photo, as reported by the browser"
      query={likeness}
    >
      {(rows) => {
        const by = new Map(rows.map((r) => [r.style, r]));
        const styles = STYLES.map((s) => ({ name: s.name, row: by.get(s.id) })).sort(
          (a, b) => (a.row?.averageLikeness ?? Infinity) - (b.row?.averageLikeness ?? Infinity),
        );
        return (
          <FigureTable
            className="text-sm"
            caption="Average likeness per style, as reported by the browser"
            columns={["Style", "Measured", "Average"]}
            rows={styles.map(({ name, row }) => ({
              key: name,
              head: name,
              figures: [
                formatCount(row?.measured ?? 0),
                <span key="average" className="font-semibold">
                  {row ? `${row.averageLikeness.toFixed(1)}%` : "—"}
                </span>,
              ],
            }))}
          />
        );
      }}
    </QueryPanel>
  );
}
