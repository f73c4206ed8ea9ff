import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { creditsQuery } from "@/shared/api/get-credits";
import { isActiveSubscription, subscriptionQuery } from "@/shared/api/get-subscription";
import { refusalBeforeUpload, type GenerateErrorView } from "./rules";

/**
 * Reads fresh credits and subscription and says whether Generate would be refused, before the photo is
 * uploaded. If they cannot be read, the upload goes ahead and the server decides.
 */
export function useRefusalBeforeUpload() {
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<GenerateErrorView | null> => {
    try {
      const [credits, subscription] = await Promise.all([
        queryClient.fetchQuery({ ...creditsQuery(), staleTime: 0 }),
        queryClient.fetchQuery({ ...subscriptionQuery(), staleTime: 0 }),
      ]);
      return refusalBeforeUpload(credits, isActiveSubscription(subscription));
    } catch {
      return null;
    }
  }, [queryClient]);
}
