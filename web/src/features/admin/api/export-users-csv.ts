/** GET /api/admin/export/users.csv — every user as CSV, streamed by the server, saved as users.csv. */
import { useMutation } from "@tanstack/react-query";
import { client } from "@/api/client";

export const USERS_CSV_FILENAME = "users.csv";

export async function exportUsersCsv() {
  const res = await client.api.admin.export["users.csv"].$get();
  return res.blob();
}

export const useExportUsersCsv = () => useMutation({ mutationFn: exportUsersCsv });
