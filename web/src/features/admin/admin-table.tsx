import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * The admin's wide tables (users, price changes): a named region that scrolls sideways and takes focus, so
 * a keyboard can scroll it too; a caption for screen readers; one header row of column names; the rows.
 */
export function AdminTable({
  label,
  caption,
  columns,
  className,
  busy,
  children,
}: {
  label: string;
  caption: string;
  columns: string[];
  /** The table's minimum width, below which the region scrolls. */
  className: string;
  /** Set while the rows shown are the previous page's. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border" aria-busy={busy} role="region" aria-label={label} tabIndex={0}>
      <table className={cn("w-full text-sm", className)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {columns.map((h) => (
              <th key={h} scope="col" className="px-3 py-2.5 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
