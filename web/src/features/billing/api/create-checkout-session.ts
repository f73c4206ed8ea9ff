/** POST /api/stripe/create-checkout-session {priceId} → {type: "checkout", url}; the caller redirects. */
import { useMutation } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const createCheckoutSession = (priceId: string) => data(client.api.stripe["create-checkout-session"].$post({ json: { priceId } }));

export const useCreateCheckoutSession = () => useMutation({ mutationFn: createCheckoutSession });
