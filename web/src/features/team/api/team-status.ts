/** /api/team/status, its CSV, and reminders (issue 37): everyone's progress, one click to remind, the owner's settings. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const getTeamStatus = () => data(client.api.team.status.$get());

export const teamStatusQuery = () => queryOptions({ queryKey: ["/api/team/status"], queryFn: getTeamStatus });

export function useTeamStatus() {
  return useQuery(teamStatusQuery());
}

/** The CSV file as the server names it (apiFetch throws the server's error for any other answer). */
export async function downloadStatusCsv(): Promise<{ blob: Blob; filename: string }> {
  const res = await client.api.team["status.csv"].$get();
  const disposition = res.headers.get("Content-Disposition") ?? "";
  return { blob: await res.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? "team-status.csv" };
}

export const sendReminders = (userId?: string) => data(client.api.team.reminders.$post({ json: userId ? { userId } : {} }));
export const saveReminderSettings = (json: { remindAfterDays?: number; autoRemind?: boolean }) =>
  data(client.api.team.reminders.$patch({ json }));

function useStatusMutation<A, R>(mutationFn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: teamStatusQuery().queryKey }) });
}

export const useSendReminders = () => useStatusMutation(sendReminders);
export const useSaveReminderSettings = () => useStatusMutation(saveReminderSettings);
