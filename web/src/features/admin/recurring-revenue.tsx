import type { ReactNode } from "react";
import { useArr } from "./api/get-arr";
import { useMrr } from "./api/get-mrr";
import { queryFigure } from "./figure";
import { formatEuroCents } from "./format";

/** MRR and ARR as rows of `Figures`, each with its own loading and error state (Analytics and Financials tabs). */
export function useRecurringRevenueRows(): [label: string, value: ReactNode][] {
  const mrr = useMrr();
  const arr = useArr();
  return [queryFigure("MRR", mrr, "MRR", (m) => formatEuroCents(m.mrr)), queryFigure("ARR", arr, "ARR", (a) => formatEuroCents(a.arr))];
}
