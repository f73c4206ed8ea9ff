import { Check } from "lucide-react";
import { StyleImage } from "@/assets/styles";
import { STYLES, type Gender, type StyleId } from "@/lib/domain";
import { cn } from "@/lib/utils";
import { onRovingKeyDown, rovingTabIndex } from "@/lib/use-roving-focus";

/**
 * Step 2 in "several styles" mode (issue 24): checkboxes, at most `max` (a subscriber all 10, a free
 * person as many as they have generations left); the rest are disabled once the limit is reached.
 */
export function StyleSetStep({
  value,
  gender,
  max,
  onToggle,
}: {
  value: StyleId[];
  gender: Gender | null;
  max: number;
  onToggle: (s: StyleId) => void;
}) {
  return (
    <div role="group" aria-label="Styles" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
      {STYLES.map((s) => {
        const selected = value.includes(s.id);
        const blocked = !selected && value.length >= max;
        return (
          <button
            key={s.id}
            type="button"
            role="checkbox"
            aria-checked={selected}
            aria-label={s.name}
            aria-description={s.description}
            aria-disabled={blocked || undefined}
            onClick={() => !blocked && onToggle(s.id)}
            className={cn(
              "group relative flex flex-col overflow-hidden rounded-xl border-2 bg-card text-left shadow-sm transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
              selected ? "border-primary" : "border-transparent ring-1 ring-border",
              blocked ? "cursor-not-allowed opacity-50" : "hover:-translate-y-0.5 hover:shadow-md",
            )}
          >
            <StyleImage styleId={s.id} gender={gender ?? "man"} className="aspect-square w-full" />
            <span className="block p-3">
              <span className="block text-sm font-semibold">{s.name}</span>
              <span className="mt-0.5 line-clamp-2 block text-xs text-muted-foreground">{s.description}</span>
            </span>
            {selected && (
              <span className="absolute right-2 top-2 inline-flex size-7 items-center justify-center rounded-full bg-primary text-primary-foreground shadow">
                <Check className="size-4" aria-hidden="true" />
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

export function StyleStep({
  value,
  gender,
  onChoose,
}: {
  value: StyleId | null;
  gender: Gender | null;
  onChoose: (s: StyleId) => void;
}) {
  return (
    <div role="radiogroup" onKeyDown={onRovingKeyDown} aria-label="Style" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
      {STYLES.map((s, i) => {
        const selected = value === s.id;
        return (
          <button
            key={s.id}
            type="button"
            role="radio"
            tabIndex={rovingTabIndex(i, STYLES.findIndex((x) => x.id === value))}
            aria-checked={selected}
            aria-label={s.name}
            aria-description={s.description}
            onClick={() => onChoose(s.id)}
            className={cn(
              "group relative flex flex-col overflow-hidden rounded-xl border-2 bg-card text-left shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
              selected ? "border-primary" : "border-transparent ring-1 ring-border",
            )}
          >
            <StyleImage styleId={s.id} gender={gender ?? "man"} className="aspect-square w-full" />
            <span className="block p-3">
              <span className="block text-sm font-semibold">{s.name}</span>
              <span className="mt-0.5 line-clamp-2 block text-xs text-muted-foreground">{s.description}</span>
            </span>
            {selected && (
              <span
                data-testid="style-selected"
                className="absolute right-2 top-2 inline-flex size-7 items-center justify-center rounded-full bg-primary text-primary-foreground shadow"
              >
                <Check className="size-4" aria-hidden="true" />
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
