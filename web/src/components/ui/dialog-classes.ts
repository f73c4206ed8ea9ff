/** What a dialog and an alert dialog share: the dimmed page behind, the centred card, the footer's buttons, the description. */
export const dialogClasses = {
  overlay: "fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]",
  content:
    "fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-xl",
  footer: "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
  description: "text-sm text-muted-foreground",
};
