import type * as React from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { DayPicker } from "react-day-picker";
import { buttonVariants } from "./button";
import { cn } from "@/lib/utils";

/**
 * shadcn's Calendar: react-day-picker styled with our tokens. Keyboard navigation (arrows, Home/End,
 * PageUp/PageDown) comes from DayPicker and skips disabled and hidden days (SPEC §5).
 */
export function Calendar({ className, classNames, showOutsideDays = true, ...props }: React.ComponentProps<typeof DayPicker>) {
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
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
        day_button: cn(
          buttonVariants({ variant: "ghost" }),
          "size-9 p-0 font-normal aria-selected:opacity-100",
        ),
        range_start: "rounded-l-md bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary",
        range_end: "rounded-r-md bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary",
        range_middle: "bg-accent [&>button]:text-accent-foreground",
        selected: "",
        today: "[&>button]:font-semibold [&>button]:underline",
        outside: "text-muted-foreground opacity-60",
        disabled: "text-muted-foreground opacity-50",
        hidden: "invisible",
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation, className: c }) =>
          orientation === "left" ? <ChevronLeft className={cn("size-4", c)} aria-hidden="true" /> : <ChevronRight className={cn("size-4", c)} aria-hidden="true" />,
      }}
      {...props}
    />
  );
}
