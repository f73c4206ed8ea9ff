import type { ComponentProps } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** Which of a list's statuses to show (moderation, testimonials): an option per entry of `labels`, in its order. */
export function FilterSelect<K extends string>({
  value,
  labels,
  onChange,
  ...trigger
}: {
  value: K;
  labels: Record<K, string>;
  onChange(value: K): void;
} & Omit<ComponentProps<typeof SelectTrigger>, "value" | "onChange">) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as K)}>
      <SelectTrigger {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {(Object.keys(labels) as K[]).map((s) => (
          <SelectItem key={s} value={s}>
            {labels[s]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Previous, "Page 2" (or "Page 2 of 5" when the number of pages is known) and Next under a paged list. */
export function Pager({
  label,
  page,
  pages,
  hasNext,
  onPage,
}: {
  label: string;
  page: number;
  pages?: number;
  hasNext: boolean;
  onPage(page: number): void;
}) {
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" /> Previous
      </Button>
      <span className="text-sm text-muted-foreground">{pages === undefined ? `Page ${page}` : `Page ${page} of ${pages}`}</span>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={!hasNext}>
        Next <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
