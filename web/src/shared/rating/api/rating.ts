/** GET and PUT /api/headshots/{id}/rating — the signed-in person's rating of one of their results. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";

/** The rating, or null while the headshot is not rated. */
export const getRating = (id: string) => data(client.api.headshots[":id"].rating.$get({ param: { id } }));

export const ratingQuery = (id: string) => queryOptions({ queryKey: ["/api/headshots", id, "rating"], queryFn: () => getRating(id) });

export const useRating = (id: string) => useQuery(ratingQuery(id));

export interface RatingInput {
  stars: number;
  comment: string;
  publishConsent: boolean;
  firstName: string;
  role: string;
  /** The headshot and its original photo may be shown on the website (decision 183). */
  pictureConsent: boolean;
}

export const saveRating = (id: string, input: RatingInput) => data(client.api.headshots[":id"].rating.$put({ param: { id }, json: input }));

export function useSaveRating(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RatingInput) => saveRating(id, input),
    onSuccess: (rating) => queryClient.setQueryData(ratingQuery(id).queryKey, rating),
  });
}
