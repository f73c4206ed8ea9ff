import type { ReactNode } from "react";
import { clsx as cn } from "clsx";

/**
 * A navigation disclosure made of the browser's own popover (decision 181): a button with `popovertarget`
 * and a panel with `popover`. The browser opens it on click, tap, Enter or Space, closes it on Escape (focus
 * back on the button) and on a click outside, and tells assistive technology whether it is expanded, all
 * with no script, so a public page's first tap answers at once, before (and without) any of our code.
 * Where the browser supports anchor positioning the panel hangs under its button (index.css,
 * `.menu-popover`); elsewhere under the header. `id` names the panel and its anchor (not `useId`: the
 * header is hydrated as a root of its own, public/islands.tsx, so a tree-position id would differ from the
 * prerendered one).
 */
export function DisclosureMenu({
  id,
  label,
  buttonClassName,
  panelClassName,
  align = "start",
  children,
}: {
  id: string;
  label: ReactNode;
  buttonClassName?: string;
  panelClassName?: string;
  align?: "start" | "end";
  children: ReactNode;
}) {
  return (
    <>
      <button type="button" popoverTarget={id} className={cn("menu-anchor", buttonClassName)} style={{ anchorName: `--${id}` }}>
        {label}
      </button>
      <div
        id={id}
        popover="auto"
        className={cn("menu-popover", align === "end" ? "menu-popover-end" : "menu-popover-start")}
        style={{ positionAnchor: `--${id}` }}
      >
        {/* The panel's own display lives inside: a display on the popover itself would show it closed. */}
        <div className={cn("rounded-xl border bg-popover p-2 text-popover-foreground shadow-lg", panelClassName)}>{children}</div>
      </div>
    </>
  );
}
