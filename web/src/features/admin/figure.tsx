import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { errorText } from "@/api/client";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/**
 * One query's loading, error and data states, the same way across the dashboard: a spinner, the
 * server's message, or the content rendered from the data.
 */
export function QueryState<T>({
  query,
  label,
  children,
}: {
  query: Pick<UseQueryResult<T>, "data" | "isLoading" | "error">;
  label: string;
  children(data: T): ReactNode;
}) {
  if (query.isLoading) return <Spinner label={`Loading ${label}`} className="size-5" />;
  if (query.data === undefined) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorText(query.error, `Could not load ${label}`)}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}

/** A titled card around a chart or a block of figures. */
export function Panel({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn("min-w-0", className)}>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="text-base">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

/**
 * A `Panel` around one query's content: what most of the dashboard's cards are. The loading and error states
 * are named after the title ("Loading user growth") unless `label` names them.
 */
export function QueryPanel<T>({
  title,
  description,
  className,
  query,
  label = title.toLowerCase(),
  children,
}: {
  title: string;
  description?: string;
  className?: string;
  query: Pick<UseQueryResult<T>, "data" | "isLoading" | "error">;
  label?: string;
  children(data: T): ReactNode;
}) {
  return (
    <Panel title={title} description={description} className={className}>
      <QueryState query={query} label={label}>
        {children}
      </QueryState>
    </Panel>
  );
}

/** A list of label → figure rows. */
export function Figures({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid gap-2.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-baseline justify-between gap-4 border-b pb-2 last:border-b-0 last:pb-0">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A row of `Figures` whose figure comes from its own query, with that query's loading and error state (named `label`). */
export function queryFigure<T>(
  title: string,
  query: Pick<UseQueryResult<T>, "data" | "isLoading" | "error">,
  label: string,
  figure: (data: T) => ReactNode,
): [label: string, value: ReactNode] {
  return [
    title,
    <QueryState key={title} query={query} label={label}>
      {figure}
    </QueryState>,
  ];
}

/**
 * A table of figures: a caption for screen readers, a column header each (the first names the rows, the others
 * are right-aligned figures), then a row each with its header and its figures.
 */
export function FigureTable({
  caption,
  columns,
  rows,
  className,
}: {
  caption: string;
  columns: [string, ...string[]];
  rows: { key: string | number; head: ReactNode; figures: ReactNode[] }[];
  className?: string;
}) {
  const [first, ...rest] = columns;
  return (
    <table className={cn("w-full", className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="pb-2 font-medium">
            {first}
          </th>
          {rest.map((c) => (
            <th key={c} scope="col" className="pb-2 text-right font-medium">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-b last:border-b-0">
            <th scope="row" className="py-1.5 text-left font-normal">
              {r.head}
            </th>
            {r.figures.map((f, i) => (
              <td key={i} className="py-1.5 text-right tabular-nums">
                {f}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
