/** /api/team/capture-links (issue 37): the owner's capture links; making one answers its link once; revoking stops it. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { invalidateTeam } from "./invalidate";

export const getCaptureLinks = () => data(client.api.team["capture-links"].$get());

export const captureLinksQuery = () => queryOptions({ queryKey: ["/api/team/capture-links"], queryFn: getCaptureLinks });

export function useCaptureLinks() {
  return useQuery(captureLinksQuery());
}

export interface NewCaptureLink {
  domains: string[];
  maxJoins: number;
  expiresInDays: number;
}

export const createCaptureLink = (json: NewCaptureLink) => data(client.api.team["capture-links"].$post({ json }));
export const revokeCaptureLink = (id: string) => data(client.api.team["capture-links"][":id"].$delete({ param: { id } }));

function useInvalidatingMutation<A, R>(mutationFn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: captureLinksQuery().queryKey }), invalidateTeam(queryClient)]),
  });
}

export const useCreateCaptureLink = () => useInvalidatingMutation(createCaptureLink);
export const useRevokeCaptureLink = () => useInvalidatingMutation(revokeCaptureLink);
