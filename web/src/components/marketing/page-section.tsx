import type { ReactNode } from "react";
import { clsx as cn } from "clsx";
import { ArrowRight } from "@/components/marketing/icons";
import { buttonVariants } from "@/components/ui/button-variants";

/**
 * A titled section of a public page: the heading names the section for screen readers
 * (`aria-labelledby`), an `id` makes it an anchor that clears the sticky header, `muted` sets it off
 * from its neighbours, `narrow` suits reading columns (the FAQ), `centered` centres the heading. Sections
 * come after a page's hero, so they are rendered lazily (`below-fold`, index.css).
 */
export function PageSection({
  name,
  id,
  title,
  lead,
  muted = false,
  narrow = false,
  centered = false,
  children,
}: {
  /** Unique on the page: the heading's id is `${name}-title`. */
  name: string;
  id?: string;
  title: ReactNode;
  lead?: ReactNode;
  muted?: boolean;
  narrow?: boolean;
  centered?: boolean;
  children: ReactNode;
}) {
  const titleId = `${name}-title`;
  return (
    <section id={id} className={cn("below-fold", id && "scroll-mt-20", muted && "border-t bg-muted/40")} aria-labelledby={titleId}>
      <div className={cn("mx-auto px-4 py-16 sm:px-6 lg:py-20", narrow ? "max-w-3xl" : "max-w-6xl")}>
        <div className={cn(centered && "text-center")}>
          <h2 id={titleId} className="text-3xl font-bold tracking-tight">
            {title}
          </h2>
          {lead && <p className={cn("mt-2 text-muted-foreground", !centered && "max-w-2xl")}>{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

/** The closing call to action at the foot of a public page: a title, a line, one button. */
export function ClosingCta({ title, text, href, cta }: { title: ReactNode; text: ReactNode; href: string; cta: ReactNode }) {
  return (
    <section className="below-fold border-t bg-primary text-primary-foreground" aria-labelledby="closing-title">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="closing-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          <p className="mt-2 max-w-2xl text-primary-foreground/85">{text}</p>
        </div>
        <a href={href} className={cn(buttonVariants({ size: "lg", variant: "secondary" }), "shrink-0")}>
          {cta} <ArrowRight aria-hidden="true" />
        </a>
      </div>
    </section>
  );
}
