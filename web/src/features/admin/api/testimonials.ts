/**
 * GET /api/admin/testimonials?page&pageSize&status and POST /api/admin/testimonials/{id}/approve|unpublish:
 * comments people consented to publish, and the operator's decision on each (issue 26).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import type { TestimonialStatus } from "@/lib/domain";
import { moderationKey } from "./keys";

export const TESTIMONIALS_PAGE_SIZE = 20;
const testimonialsKey = [...moderationKey, "testimonials"] as const;

export const getTestimonials = (page: number, status?: TestimonialStatus) =>
  data(
    client.api.admin.testimonials.$get({
      query: { page: String(page), pageSize: String(TESTIMONIALS_PAGE_SIZE), ...(status ? { status } : {}) },
    }),
  );

export const testimonialsQuery = (page: number, status?: TestimonialStatus) =>
  queryOptions({
    queryKey: [...testimonialsKey, page, status ?? "all"],
    queryFn: () => getTestimonials(page, status),
    placeholderData: keepPreviousData,
  });

export const useTestimonials = (page: number, status?: TestimonialStatus) => useQuery(testimonialsQuery(page, status));

export const setTestimonial = ({ id, to }: { id: string; to: "approve" | "unpublish" }) =>
  data(client.api.admin.testimonials[":id"][to].$post({ param: { id } }));

export function useSetTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setTestimonial, onSuccess: () => queryClient.invalidateQueries({ queryKey: testimonialsKey }) });
}
