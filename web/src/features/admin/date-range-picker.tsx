import { CalendarDays, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";
import { pickDay, rangeLabel, type DayRange } from "./date-range";

/** SPEC §2 Financials: a date range picker showing two months; clearing sets both ends empty (§5). */
export function DateRangePicker({ value, onChange, className }: { value: DayRange; onChange(range: DayRange): void; className?: string }) {
  const label = rangeLabel(value);
  const empty = !value.from && !value.to;
  return (
    <div className={cn("flex items-center gap-1", className)}>
      <Popover>
        <PopoverTrigger asChild>
          <Button
            variant="outline"
            className={cn("w-full justify-start text-left font-normal sm:w-72", empty && "text-muted-foreground")}
            aria-label={`Date range: ${label}`}
          >
            <CalendarDays aria-hidden="true" />
            <span className="truncate">{label}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-auto max-w-[calc(100vw-1rem)] overflow-x-auto p-2" align="start" aria-label="Choose a date range">
          <Calendar
            mode="range"
            numberOfMonths={2}
            defaultMonth={value.from ?? previousMonth()}
            selected={value.from || value.to ? { from: value.from, to: value.to } : undefined}
            onSelect={(_, day) => onChange(pickDay(value, day))}
            disabled={{ after: new Date() }}
          />
        </PopoverContent>
      </Popover>
      {!empty && (
        <Button variant="ghost" size="icon" onClick={() => onChange({})} aria-label="Clear date range">
          <X aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

/** Two months shown, ending with the current one. */
function previousMonth() {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth() - 1, 1);
}
