/** POST and DELETE /api/team/capture-links (issue 37): making a link answers it once; revoking stops it. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export interface NewCaptureLink {
  domains: string[];
  maxJoins: number;
  expiresInDays: number;
}

export const createCaptureLink = (json: NewCaptureLink) => data(client.api.team["capture-links"].$post({ json }));
export const revokeCaptureLink = (id: string) => data(client.api.team["capture-links"][":id"].$delete({ param: { id } }));

function useInvalidatingMutation<A, R>(mutationFn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidateTeam(queryClient) });
}

export const useCreateCaptureLink = () => useInvalidatingMutation(createCaptureLink);
export const useRevokeCaptureLink = () => useInvalidatingMutation(revokeCaptureLink);
