import type { ReactNode } from "react";
import { Check } from "lucide-react";
import { cn } from "@/lib/utils";
import { onRovingKeyDown, rovingTabIndex } from "@/lib/use-roving-focus";

export interface Choice<Id extends string> {
  id: Id;
  name: string;
  description: string;
  image: ReactNode;
  selected: boolean;
  /** Not choosable now (a limit reached); it stays in the tab order and says so. */
  blocked?: boolean;
}

/**
 * The wizard's grids of picture cards: one choice (radios, arrow keys move focus: see use-roving-focus)
 * or several (checkboxes). A `small` card is named by its name alone, its description read as such; a
 * large one is named by all its words.
 */
export function ChoiceGrid<Id extends string>({
  several = false,
  label,
  className,
  small = false,
  choices,
  onPick,
}: {
  several?: boolean;
  label: string;
  className: string;
  small?: boolean;
  choices: Choice<Id>[];
  onPick: (id: Id) => void;
}) {
  const selectedIndex = choices.findIndex((c) => c.selected);
  return (
    <div
      role={several ? "group" : "radiogroup"}
      onKeyDown={several ? undefined : onRovingKeyDown}
      aria-label={label}
      className={cn("grid", className)}
    >
      {choices.map((c, i) => (
        <button
          key={c.id}
          type="button"
          role={several ? "checkbox" : "radio"}
          tabIndex={several ? undefined : rovingTabIndex(i, selectedIndex)}
          aria-checked={c.selected}
          aria-label={small ? c.name : undefined}
          aria-description={small ? c.description : undefined}
          aria-disabled={c.blocked || undefined}
          onClick={() => !c.blocked && onPick(c.id)}
          className={cn(
            "group relative flex flex-col overflow-hidden rounded-xl border-2 bg-card text-left shadow-sm transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
            c.selected ? "border-primary" : "border-transparent ring-1 ring-border",
            c.blocked ? "cursor-not-allowed opacity-50" : "hover:-translate-y-0.5 hover:shadow-md",
          )}
        >
          {c.image}
          {small ? (
            <span className="block p-3">
              <span className="block text-sm font-semibold">{c.name}</span>
              <span className="mt-0.5 line-clamp-2 block text-xs text-muted-foreground">{c.description}</span>
            </span>
          ) : (
            <span className="block p-3 sm:p-4">
              <span className="block font-semibold">{c.name}</span>
              <span className="block text-xs text-muted-foreground sm:text-sm">{c.description}</span>
            </span>
          )}
          {c.selected && (
            <span className="absolute right-2 top-2 inline-flex size-7 items-center justify-center rounded-full bg-primary text-primary-foreground shadow">
              <Check className="size-4" aria-hidden="true" />
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
