/** POST /api/stripe/create-portal-session → {url} of Stripe's Customer Portal; the caller redirects. */
import { useMutation } from "@tanstack/react-query";
import { client, data } from "@/api/client";

export const createPortalSession = () => data(client.api.stripe["create-portal-session"].$post());

export const useCreatePortalSession = () => useMutation({ mutationFn: createPortalSession });
