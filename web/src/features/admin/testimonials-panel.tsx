import { useState, type ReactNode } from "react";
import { Check, ChevronLeft, ChevronRight, EyeOff, Star } from "lucide-react";
import { errorText } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { TestimonialStatus } from "@/lib/domain";
import { TESTIMONIALS_PAGE_SIZE, useSetTestimonial, useTestimonials } from "./api/testimonials";
import { formatDateTime } from "./format";
import { FilterSelect } from "./list-controls";
import { homePage, toastOutcome } from "./toasts";

const ALL = "all";
const LABELS: Record<TestimonialStatus | typeof ALL, string> = {
  all: "All comments",
  pending: "Waiting for review",
  approved: "On the home page",
  unpublished: "Unpublished",
};
const CHANGED = {
  approve: { title: "Testimonial Approved", description: homePage.on },
  unpublish: { title: "Testimonial Unpublished", description: homePage.off },
};

/**
 * Comments people rated their headshot with and agreed to publish with their first name and role: the
 * operator approves one onto the home page or unpublishes it (issue 26). The home page shows the newest
 * approved three within a few minutes (worker/landing/figures.ts).
 */
export function TestimonialsPanel() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<TestimonialStatus | typeof ALL>("pending");
  const { data, isLoading, isError, error } = useTestimonials(page, filter === ALL ? undefined : filter);
  const change = useSetTestimonial();
  const items = data?.items ?? [];
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / TESTIMONIALS_PAGE_SIZE));

  const filterBy = (f: typeof filter) => {
    setFilter(f);
    setPage(1);
  };
  const act = (id: string, to: keyof typeof CHANGED) =>
    change.mutate({ id, to }, toastOutcome(CHANGED[to], "Failed to update the testimonial"));

  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>Testimonials</CardTitle>
          <CardDescription>Comments people published with their rating. Only approved ones appear on the home page.</CardDescription>
        </div>
        <FilterSelect className="w-full sm:w-56" aria-label="Show testimonials" value={filter} labels={LABELS} onChange={filterBy} />
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading && <p className="text-sm text-muted-foreground">Loading testimonials…</p>}
        {isError && <p className="text-sm text-destructive">{errorText(error, "Failed to load testimonials.")}</p>}
        {!isLoading && !isError && items.length === 0 && <p className="text-sm text-muted-foreground">No comments here.</p>}
        <ul className="grid gap-3">
          {items.map((t) => (
            <li key={t.headshotId} className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[1fr_auto] sm:items-start">
              <div className="grid gap-1">
                <p className="flex items-center gap-2 text-sm">
                  <span className="flex" role="img" aria-label={`${t.stars} out of 5 stars`}>
                    {[1, 2, 3, 4, 5].map((n) => (
                      <Star
                        key={n}
                        aria-hidden="true"
                        className={n <= t.stars ? "size-4 fill-amber-400 text-amber-500" : "size-4 text-muted-foreground"}
                      />
                    ))}
                  </span>
                  <Badge variant={t.testimonialStatus === "approved" ? "default" : "secondary"}>{LABELS[t.testimonialStatus]}</Badge>
                </p>
                <blockquote className="text-pretty">“{t.comment}”</blockquote>
                <p className="text-sm">
                  <span className="font-semibold">{t.firstName}</span> · {t.role}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t.email} · {formatDateTime(t.createdAt)}
                </p>
              </div>
              <div className="flex gap-2">
                {t.testimonialStatus === "approved" ? (
                  <ActButton
                    onClick={() => act(t.headshotId, "unpublish")}
                    disabled={change.isPending}
                    variant="outline"
                    label={`Unpublish the comment by ${t.firstName}`}
                  >
                    <EyeOff aria-hidden="true" /> Unpublish
                  </ActButton>
                ) : (
                  <ActButton
                    onClick={() => act(t.headshotId, "approve")}
                    disabled={change.isPending}
                    label={`Approve the comment by ${t.firstName}`}
                  >
                    <Check aria-hidden="true" /> Approve
                  </ActButton>
                )}
              </div>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <div className="flex items-center justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => setPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
              <ChevronLeft aria-hidden="true" />
            </Button>
            <span className="text-sm text-muted-foreground">
              Page {page} of {pages}
            </span>
            <Button variant="outline" size="sm" onClick={() => setPage(page + 1)} disabled={page >= pages} aria-label="Next page">
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** One of a comment's two actions (approve, unpublish): a small button named for the comment it acts on. */
function ActButton({
  onClick,
  disabled,
  variant,
  label,
  children,
}: {
  onClick: () => void;
  disabled: boolean;
  variant?: "outline";
  label: string;
  children: ReactNode;
}) {
  return (
    <Button size="sm" variant={variant} onClick={onClick} disabled={disabled} aria-label={label}>
      {children}
    </Button>
  );
}
