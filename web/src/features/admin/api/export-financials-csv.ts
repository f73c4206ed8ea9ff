/** GET /api/admin/export/financials.csv?from&to — the period's financial records as CSV, saved as financials.csv. */
import { useMutation } from "@tanstack/react-query";
import { client } from "@/api/client";
import type { PeriodQuery } from "../date-range";

export const FINANCIALS_CSV_FILENAME = "financials.csv";

export async function exportFinancialsCsv(period: PeriodQuery) {
  const res = await client.api.admin.export["financials.csv"].$get({ query: period });
  return res.blob();
}

export const useExportFinancialsCsv = () => useMutation({ mutationFn: exportFinancialsCsv });
