/** GET /api/stripe/upgrade-preview?priceId — what an upgrade charges now (Stripe's invoice preview of that change). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const getUpgradePreview = (priceId: string) => data(client.api.stripe["upgrade-preview"].$get({ query: { priceId } }));

export const upgradePreviewQuery = (priceId: string) =>
  queryOptions({ queryKey: ["/api/stripe/upgrade-preview", priceId], queryFn: () => getUpgradePreview(priceId), staleTime: 0, gcTime: 0 });

/** The preview for the upgrade being confirmed (none while no upgrade is pending). */
export function useUpgradePreview(priceId: string | null) {
  return useQuery({ ...upgradePreviewQuery(priceId ?? ""), enabled: Boolean(priceId) });
}
