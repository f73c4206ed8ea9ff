import type { ReactNode } from "react";

/** The parts of a prerendered public page that React hydrates in the browser (public/islands.tsx). */
export type IslandName = "header";

/**
 * Marks an interactive part of a public page: its own small React root in the browser, woken by the
 * visitor's first click on one of its buttons (public/wake.ts), while everything around it stays server
 * HTML that React never hydrates (docs/decisions/071, 120). The wrapper takes no box (`display: contents`),
 * so the layout is the same with or without it; `data-awake` is set once it is hydrated. An island's markup
 * must not depend on its place in the page's tree (no `useId`): the browser renders it as a root of its own.
 */
export function Island({ name, children }: { name: IslandName; children?: ReactNode }) {
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
