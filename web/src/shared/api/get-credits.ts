/** GET /api/users/credits — free generations left, used, and whether the email is verified. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import { useAuth } from "@/shared/auth/auth-context";

export async function getCredits() {
  try {
    return await data(client.api.users.credits.$get());
  } catch (err) {
    console.error(err);
    throw new Error("Failed to fetch user credits", { cause: err }); // SPEC §7
  }
}

export type Credits = Awaited<ReturnType<typeof getCredits>>;

export const creditsQuery = () => queryOptions({ queryKey: ["/api/users/credits"], queryFn: getCredits });

/** Refetched every `refetchInterval` ms (30 s in the badge, 10 s in the banner); only when signed in. */
export function useCredits(refetchInterval: number) {
  const { user } = useAuth();
  return useQuery({ ...creditsQuery(), enabled: Boolean(user), refetchInterval });
}
