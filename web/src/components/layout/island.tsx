import type { ReactNode } from "react";

/** The parts of a prerendered public page that React hydrates in the browser (public/islands.tsx). */
export type IslandName = "header" | "cookie-settings" | "consent";

/**
 * Marks an interactive part of a public page: its own small React root in the browser, while everything
 * around it stays server HTML that React never hydrates (docs/decisions/071). The wrapper takes no box
 * (`display: contents`), so the layout is the same with or without it. An island's markup must not depend
 * on its place in the page's tree (no `useId`): the browser renders it as a root of its own.
 */
export function Island({ name, children }: { name: IslandName; children?: ReactNode }) {
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
