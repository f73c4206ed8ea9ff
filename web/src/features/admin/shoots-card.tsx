import { useShootAnalytics } from "./api/get-shoot-analytics";
import { FigureTable, QueryPanel } from "./figure";
import { formatCount } from "./format";

/** Pictures per shoot (issue 24): how big the sets are. Generations still count per picture everywhere else. */
export function ShootsCard() {
  const shoots = useShootAnalytics();
  return (
    <QueryPanel title="Pictures per Shoot" description="Sets of several styles made in one Generate (all time)" query={shoots}>
      {(s) => (
        <div className="grid gap-3 text-sm">
          <p>
            <span className="text-2xl font-bold tabular-nums">{s.averagePictures.toFixed(1)}</span>{" "}
            <span className="text-muted-foreground">
              pictures per shoot on average · {formatCount(s.shoots)} shoots, {formatCount(s.pictures)} pictures
            </span>
          </p>
          <FigureTable
            caption="Shoots by number of pictures"
            columns={["Pictures", "Shoots"]}
            rows={s.bySize.map((r) => ({
              key: r.pictures,
              head: <span className="tabular-nums">{r.pictures}</span>,
              figures: [formatCount(r.shoots)],
            }))}
          />
        </div>
      )}
    </QueryPanel>
  );
}
