/** GET /api/team/capture-links (issue 37): the owner's capture links, each with who joined through it. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const getCaptureLinks = () => data(client.api.team["capture-links"].$get());

export const captureLinksQuery = () => queryOptions({ queryKey: ["/api/team/capture-links"], queryFn: getCaptureLinks });

export function useCaptureLinks() {
  return useQuery(captureLinksQuery());
}
