import type * as React from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { DateLib, DayPicker, type Labels } from "react-day-picker";
import { de, es, fr, it, type DayPickerLocale } from "react-day-picker/locale";
import { buttonVariants } from "./button";
import { cn } from "@/lib/utils";
import { getLocale, m, type Locale } from "@/lib/copy";

/** The picker's months, weekdays, first day of the week and built-in labels in the page's language (issue 50). */
const DAY_PICKER_LOCALES: Record<Locale, DayPickerLocale | undefined> = { en: undefined, de, fr, es, it };

/**
 * A day button's name starts with its visible number ("3 March 2026, Tuesday"; "3. März 2026, Dienstag"), so
 * speech input ("click 3") and screen readers agree with what is seen (WCAG 2.5.3); react-day-picker's default,
 * "Tuesday, March 3rd, 2026", does not contain "3" as a word. Other languages' long dates already start with the
 * day (date-fns "PPP": "3. März 2026", "3 mars 2026", "3 de marzo de 2026", "3 marzo 2026").
 */
const labelDayButton: Labels["labelDayButton"] = (date, modifiers, options, dateLib) => {
  const lib = dateLib ?? new DateLib(options);
  const day = lib.format(date, getLocale() === "en" ? "d MMMM yyyy" : "PPP");
  let label = m.common_calendar_day({ date: day, weekday: lib.format(date, "EEEE") });
  if (modifiers.today) label = m.common_calendar_today({ label });
  if (modifiers.selected) label = m.common_calendar_selected({ label });
  return label;
};

/**
 * shadcn's Calendar: react-day-picker styled with our tokens. Keyboard navigation (arrows, Home/End,
 * PageUp/PageDown) comes from DayPicker and skips disabled and hidden days (SPEC §5).
 */
export function Calendar({ className, classNames, labels, showOutsideDays = true, ...props }: React.ComponentProps<typeof DayPicker>) {
  return (
    <DayPicker
      locale={DAY_PICKER_LOCALES[getLocale()]}
      showOutsideDays={showOutsideDays}
      labels={{ labelDayButton, ...labels }}
      className={cn("p-1", className)}
      classNames={{
        months: "relative flex flex-col gap-4 sm:flex-row",
        month: "flex flex-col gap-3",
        month_caption: "flex h-8 items-center justify-center",
        caption_label: "text-sm font-medium",
        nav: "absolute inset-x-0 top-0 flex items-center justify-between",
        button_previous: cn(buttonVariants({ variant: "outline" }), "size-8 p-0"),
        button_next: cn(buttonVariants({ variant: "outline" }), "size-8 p-0"),
        month_grid: "w-full border-collapse",
        weekdays: "flex",
        weekday: "w-9 text-[0.8rem] font-normal text-muted-foreground",
        week: "mt-1 flex w-full",
        day: "relative size-9 p-0 text-center text-sm",
        day_button: cn(buttonVariants({ variant: "ghost" }), "size-9 p-0 font-normal aria-selected:opacity-100"),
        range_start: "rounded-l-md bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary",
        range_end: "rounded-r-md bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary",
        range_middle: "bg-accent [&>button]:text-accent-foreground",
        selected: "",
        today: "[&>button]:font-semibold [&>button]:underline",
        // days of the neighbouring months: quieter, still 4.5:1 (they can be chosen)
        outside: "text-muted-foreground",
        disabled: "text-muted-foreground opacity-50",
        hidden: "invisible",
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation, className: c }) =>
          orientation === "left" ? (
            <ChevronLeft className={cn("size-4", c)} aria-hidden="true" />
          ) : (
            <ChevronRight className={cn("size-4", c)} aria-hidden="true" />
          ),
      }}
      {...props}
    />
  );
}
