import { Check } from "lucide-react";
import { GenderImage } from "@/assets/styles";
import { GENDERS, type Gender } from "@/lib/domain";
import { cn } from "@/lib/utils";
import { onRovingKeyDown, rovingTabIndex } from "@/lib/use-roving-focus";

export function GenderStep({ value, onChoose }: { value: Gender | null; onChoose: (g: Gender) => void }) {
  return (
    <div role="radiogroup" onKeyDown={onRovingKeyDown} aria-label="Gender" className="grid grid-cols-2 gap-4 sm:max-w-xl">
      {GENDERS.map((g, i) => {
        const selected = value === g.id;
        return (
          <button
            key={g.id}
            type="button"
            role="radio"
            tabIndex={rovingTabIndex(i, GENDERS.findIndex((x) => x.id === value))}
            aria-checked={selected}
            onClick={() => onChoose(g.id)}
            className={cn(
              "group relative flex flex-col overflow-hidden rounded-xl border-2 bg-card text-left shadow-sm transition-all hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
              selected ? "border-primary" : "border-transparent ring-1 ring-border",
            )}
          >
            <GenderImage gender={g.id} className="aspect-[5/6] w-full" />
            <span className="block p-3 sm:p-4">
              <span className="block font-semibold">{g.name}</span>
              <span className="block text-xs text-muted-foreground sm:text-sm">{g.description}</span>
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
