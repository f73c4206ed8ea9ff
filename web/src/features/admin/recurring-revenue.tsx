import type { ReactNode } from "react";
import { useArr } from "./api/get-arr";
import { useMrr } from "./api/get-mrr";
import { QueryState } from "./figure";
import { formatEuroCents } from "./format";

/** MRR and ARR as rows of `Figures`, each with its own loading and error state (Analytics and Financials tabs). */
export function useRecurringRevenueRows(): [label: string, value: ReactNode][] {
  const mrr = useMrr();
  const arr = useArr();
  return [
    [
      "MRR",
      <QueryState key="mrr" query={mrr} label="MRR">
        {(m) => formatEuroCents(m.mrr)}
      </QueryState>,
    ],
    [
      "ARR",
      <QueryState key="arr" query={arr} label="ARR">
        {(a) => formatEuroCents(a.arr)}
      </QueryState>,
    ],
  ];
}
