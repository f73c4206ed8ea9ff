import type { ReactNode } from "react";
import { ArrowRight, CheckCircle2, Sparkles } from "@/components/marketing/icons";
import { buttonVariants, wrapping } from "@/components/ui/button-variants";
import { StyleExample } from "@/components/marketing/style-example";
import { ClosingCta, PageSection } from "@/components/marketing/page-section";
import { TEAM_SEAT_PRICE, type ServiceContent } from "@/content/services/types";
import { SERVICE_PAGES, apiPaths, paths } from "@/lib/paths";
import { clsx as cn } from "clsx";
import { publicHref, withSiteName } from "@/content/site";
import { serviceGroupName, serviceName } from "@/content/service-names";
import { formatMoney, getLocale, m } from "@/lib/copy";
import { useDocumentTitle } from "@/public/use-document-title";
import { styleById } from "../../../domain/styles";
import { CURRENCY, TEAM_PLAN } from "../../../domain/plans";

/** The Team plan's seat price where the text names it: the launch price, which the worker replaces with today's (decision 289). */
function withLivePrice(text: string): ReactNode {
  const [before, after] = text.split(TEAM_SEAT_PRICE);
  if (after === undefined) return text;
  return (
    <>
      {before}
      <span data-live="price-team">{formatMoney(TEAM_PLAN.pricePerSeatCents, CURRENCY, getLocale())}</span>
      {after}
    </>
  );
}

/** An audience page (SPEC §2): hero, three benefit cards, a six-item checklist and a closing call to action. */
export function ServicePage({ content: c }: { content: ServiceContent }) {
  const page = SERVICE_PAGES.find((s) => s.slug === c.slug)!;
  // the page's first hero style goes along, preselected in the wizard (decision 103)
  const start = `${apiPaths.login}?style=${styleById(c.heroStyles[0])!.slug}`;
  useDocumentTitle(withSiteName(c.title));
  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[32rem] bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_65%)]"
        />
        <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
          <nav aria-label={m.public_breadcrumb_label()} className="text-sm text-muted-foreground">
            <ol className="flex flex-wrap items-center gap-1.5">
              <li>
                <a href={publicHref(paths.home)} className="hover:text-foreground">
                  {m.public_breadcrumb_home()}
                </a>
              </li>
              <li aria-hidden="true">/</li>
              <li>{serviceGroupName(page.group)}</li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="text-foreground">
                {serviceName(page.slug)}
              </li>
            </ol>
          </nav>
        </div>
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-10 sm:px-6 lg:grid-cols-[1.2fr_1fr] lg:pb-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
              <Sparkles className="size-3.5 text-primary" aria-hidden="true" />
              {c.eyebrow}
            </p>
            <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{c.headline}</h1>
            <p className="mt-5 max-w-xl text-lg text-muted-foreground text-pretty">{c.lead}</p>
            <a href={start} className={cn(buttonVariants({ size: "lg" }), wrapping.lg, "mt-8")}>
              {c.cta} <ArrowRight aria-hidden="true" />
            </a>
          </div>
          <div className="mx-auto grid w-full max-w-sm grid-cols-2 gap-4">
            <figure className="overflow-hidden rounded-2xl border bg-card shadow-lg">
              <StyleExample styleId={c.heroStyles[0]} gender="woman" eager alt="" />
              <figcaption className="px-3 py-2 text-xs font-medium text-muted-foreground">{c.heroStyles[0]}</figcaption>
            </figure>
            <figure className="translate-y-6 overflow-hidden rounded-2xl border bg-card shadow-lg">
              <StyleExample styleId={c.heroStyles[1]} gender="man" eager alt="" />
              <figcaption className="px-3 py-2 text-xs font-medium text-muted-foreground">{c.heroStyles[1]}</figcaption>
            </figure>
          </div>
        </div>
      </section>

      <PageSection name="benefits" muted title={c.benefitsTitle}>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {c.benefits.map((b) => (
            <li key={b.title} className="rounded-2xl border bg-card p-6">
              <h3 className="font-semibold">{b.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{b.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection name="checklist" title={c.checklistTitle}>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {c.checklist.map((item) => (
            <li key={item} className="flex items-start gap-3 rounded-xl border bg-card p-4">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </PageSection>

      <ClosingCta title={c.closingTitle} text={withLivePrice(c.closingText)} href={start} cta={c.closingCta} />
    </>
  );
}
