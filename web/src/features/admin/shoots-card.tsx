import { useShootAnalytics } from "./api/get-shoot-analytics";
import { Panel, QueryState } from "./figure";
import { formatCount } from "./format";

/** Pictures per shoot (issue 24): how big the sets are. Generations still count per picture everywhere else. */
export function ShootsCard() {
  const shoots = useShootAnalytics();
  return (
    <Panel title="Pictures per Shoot" description="Sets of several styles made in one Generate (all time)">
      <QueryState query={shoots} label="pictures per shoot">
        {(s) => (
          <div className="grid gap-3 text-sm">
            <p>
              <span className="text-2xl font-bold tabular-nums">{s.averagePictures.toFixed(1)}</span>{" "}
              <span className="text-muted-foreground">
                pictures per shoot on average · {formatCount(s.shoots)} shoots, {formatCount(s.pictures)} pictures
              </span>
            </p>
            <table className="w-full">
              <caption className="sr-only">Shoots by number of pictures</caption>
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="pb-2 font-medium">
                    Pictures
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Shoots
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.bySize.map((r) => (
                  <tr key={r.pictures} className="border-b last:border-b-0">
                    <th scope="row" className="py-1.5 text-left font-normal tabular-nums">
                      {r.pictures}
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{formatCount(r.shoots)}</td>
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
