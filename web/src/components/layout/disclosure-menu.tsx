import { useEffect, useRef, useState, type ReactNode } from "react";
import { clsx as cn } from "clsx";

/**
 * A navigation disclosure (WAI-ARIA "disclosure navigation menu"): a button with aria-expanded that shows
 * a panel of links. Opens by click, tap, Enter or Space; Escape closes and returns focus to the button;
 * a click outside or focus leaving the panel closes it. Plain links, so it works before hydration's done
 * and weighs next to nothing. `id` names the panel (not `useId`: the header is hydrated as a root of its own,
 * public/islands.tsx, so a tree-position id would differ from the prerendered one).
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
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(e) => {
        if (open && !root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        className={buttonClassName}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      <div
        id={id}
        hidden={!open}
        className={cn(
          "absolute top-full z-50 mt-2 rounded-xl border bg-popover p-2 text-popover-foreground shadow-lg",
          align === "end" ? "right-0" : "left-0",
          panelClassName,
        )}
      >
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}
