import { ArrowRight, Check, ShieldCheck, Star, Upload, Palette, Download, Zap } from "@/components/marketing/icons";
import { buttonVariants, wrapping } from "@/components/ui/button-variants";
import { PricingCards } from "@/components/marketing/pricing-cards";
import { ClosingCta, PageSection } from "@/components/marketing/page-section";
import { StyleExample } from "@/components/marketing/style-example";
import { STYLES } from "../../../domain/styles";
import { BEFORE_AFTER_SLOT } from "../../../domain/ratings";
import { paths } from "@/lib/paths";
import { clsx as cn } from "clsx";
import { claims, faq, steps } from "@/content/landing";
import { fairUseAllPlans } from "@/shared/billing/plan-words";
import { styleDescription } from "@/shared/words/style-words";
import { freeCount, freeTriesCapitalized, homeTitle, numberWordCapitalized } from "@/content/site";
import { m } from "@/lib/copy";
import { useDocumentTitle } from "@/public/use-document-title";

const HERO = [
  { styleId: "Corporate", gender: "woman" },
  { styleId: "LinkedIn", gender: "man" },
  { styleId: "Speaker", gender: "man" },
  { styleId: "Casual Selfie", gender: "woman" },
] as const;
const STEP_ICONS = [Upload, Palette, Download];
/** "before" / "after" over a picture (shown capitalised). */
const sideLabel = (side: "before" | "after") => (side === "before" ? m.public_side_before() : m.public_side_after());

/**
 * The landing page (SPEC §2): server HTML that React never hydrates (docs/decisions/071). Its calls to
 * action go to /auth, which sends a signed-in visitor on to /dashboard (SPEC §2), so they need no session.
 */
export function HomePage() {
  useDocumentTitle(homeTitle());
  const start = paths.signUp; // every call to action opens the Sign Up tab
  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_65%)]"
        />
        {/* Top-aligned, the text padded to where centring would put it: a frame drawn while the pictures are
            still being parsed must not move the text when they arrive (a layout shift on a busy phone). */}
        <div className="mx-auto grid max-w-6xl items-start gap-12 px-4 pb-16 pt-12 sm:px-6 lg:grid-cols-2 lg:pb-24 lg:pt-20">
          {/* min-w-0: a longer language's longest word breaks in the heading instead of widening the column (issue 50) */}
          <div className="min-w-0 lg:pt-16">
            {/* Filled in from the database by the worker (worker/landing/serve.ts); hidden until it is. */}
            <p
              data-live="badge"
              hidden
              className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground"
            >
              <Star className="size-3.5 fill-amber-400 text-amber-500" aria-hidden="true" />
              <span data-live="badge-text" />
            </p>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">{m.public_hero_title()}</h1>
            <p className="mt-5 max-w-xl text-lg text-muted-foreground text-pretty">{m.public_hero_lead({ styles: STYLES.length })}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <a href={start} className={cn(buttonVariants({ size: "lg" }), wrapping.lg)}>
                {m.public_hero_cta()} <ArrowRight aria-hidden="true" />
              </a>
              <a href="#ai-styles" className={cn(buttonVariants({ size: "lg", variant: "outline" }), wrapping.lg)}>
                {m.public_hero_examples()}
              </a>
            </div>
            <ul className="mt-8 grid gap-2 text-sm text-muted-foreground sm:grid-cols-3">
              <li className="flex items-center gap-2">
                <Zap className="size-4 text-primary" aria-hidden="true" /> {m.public_hero_instant()}
              </li>
              <li className="flex items-center gap-2">
                <ShieldCheck className="size-4 text-primary" aria-hidden="true" /> {m.public_hero_encrypted()}
              </li>
              <li className="flex items-center gap-2">
                <Check className="size-4 text-primary" aria-hidden="true" /> {freeCount()}
              </li>
            </ul>
          </div>
          <div className="mx-auto grid w-full max-w-md grid-cols-2 gap-4 sm:gap-5 lg:max-w-none">
            {HERO.map((h, i) => (
              <figure
                key={h.styleId}
                className={cn("overflow-hidden rounded-2xl border bg-card shadow-lg", i % 2 === 1 && "translate-y-6")}
              >
                <StyleExample styleId={h.styleId} gender={h.gender} eager alt="" />
                <figcaption className="px-3 py-2 text-xs font-medium text-muted-foreground">{h.styleId}</figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      {/* Hidden until the worker has a figure worth showing (decision 182): never "Instant processing" alone. */}
      <section data-live="numbers" hidden aria-label={m.public_numbers_label()} className="border-y bg-background">
        {/* One column per claim shown: the live ones stay hidden until the worker has a true figure. */}
        <dl className="mx-auto grid max-w-6xl auto-cols-fr grid-flow-col divide-x px-4 py-8 text-center sm:px-6">
          {claims().map((c) => (
            <div
              key={c.id}
              data-live={c.live ? `claim-${c.live}` : undefined}
              hidden={Boolean(c.live)}
              className="flex flex-col-reverse gap-1 px-2"
            >
              <dt className="text-xs text-muted-foreground sm:text-sm">{c.label}</dt>
              <dd data-live={c.live ?? undefined} className="text-2xl font-bold tracking-tight sm:text-3xl">
                {c.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {/* One real result and the photo it was made from, chosen by the operator with its owner's consent
          (decision 252): the worker fills in both pictures and shows the section; hidden while none is chosen. */}
      <div data-live="before-after" hidden>
        <PageSection name="before-after" title={m.public_before_after_title()} lead={m.public_before_after_lead()}>
          <div className="mx-auto mt-10 grid max-w-2xl grid-cols-2 gap-4">
            {(["before", "after"] as const).map((side) => (
              <figure key={side} className="overflow-hidden rounded-2xl border bg-card shadow-sm">
                <img
                  data-example={BEFORE_AFTER_SLOT}
                  data-side={side}
                  width={480}
                  height={480}
                  alt={side === "before" ? m.public_before_after_before_alt() : m.public_before_after_after_alt()}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square h-auto w-full bg-muted object-cover"
                />
                <figcaption className="px-3 py-2 text-sm font-medium capitalize">{sideLabel(side)}</figcaption>
              </figure>
            ))}
          </div>
        </PageSection>
      </div>

      <PageSection
        name="ai-styles"
        id="ai-styles"
        title={m.public_styles_title()}
        lead={m.public_styles_lead({ number: numberWordCapitalized(STYLES.length) })}
      >
        <ul className="mt-10 grid grid-cols-1 gap-5 min-[420px]:grid-cols-2 lg:grid-cols-5">
          {STYLES.map((s) => (
            <li key={s.slug} id={`style-${s.slug}`} className="overflow-hidden rounded-xl border bg-card">
              <div className="grid grid-cols-2">
                <StyleExample styleId={s.id} gender="woman" />
                <StyleExample styleId={s.id} gender="man" />
              </div>
              <div className="p-3">
                <h3 className="text-sm font-semibold">{s.name}</h3>
                <p className="mt-0.5 text-xs text-muted-foreground">{styleDescription(s.id)}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      {/* Real results the operator featured, each with the photo it was made from, shown only with their
          owners' consent (decision 183); written in by the worker from the card template, hidden while none. */}
      <div data-live="pictures" hidden>
        <PageSection name="real-results" title={m.public_results_title()} lead={m.public_results_lead()}>
          <ul data-live="picture-list" className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
          <template data-live="picture-card">
            <li>
              <figure className="overflow-hidden rounded-2xl border bg-card">
                <div className="grid grid-cols-2">
                  {(["before", "after"] as const).map((side) => (
                    <div key={side} className="relative aspect-square bg-muted">
                      <img
                        src={`{{${side}}}`}
                        alt={side === "before" ? m.public_results_before_alt() : m.public_results_after_alt({ style: "{{style}}" })}
                        loading="lazy"
                        decoding="async"
                        className="absolute inset-0 size-full object-cover"
                      />
                      <span className="absolute left-2 top-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium capitalize text-white">
                        {sideLabel(side)}
                      </span>
                    </div>
                  ))}
                </div>
                <figcaption className="px-4 py-3 text-sm font-medium">{"{{style}}"}</figcaption>
              </figure>
            </li>
          </template>
        </PageSection>
      </div>

      <PageSection name="how" id="how-it-works" muted title={m.public_how_title()} lead={m.public_how_lead()}>
        <ol className="mt-10 grid gap-6 sm:grid-cols-3">
          {steps().map((step, i) => {
            const Icon = STEP_ICONS[i]!;
            return (
              <li key={step.title} className="rounded-2xl border bg-card p-6">
                <div className="flex items-center gap-3">
                  <span className="inline-flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                    {i + 1}
                  </span>
                  <Icon className="size-5 text-primary" aria-hidden="true" />
                </div>
                <h3 className="mt-4 font-semibold">{step.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
              </li>
            );
          })}
        </ol>
      </PageSection>

      <PageSection
        name="pricing"
        id="pricing"
        centered
        title={m.public_pricing_title()}
        lead={m.public_pricing_lead({ freeCount: freeCount(), fairUse: fairUseAllPlans() })}
      >
        <div className="mt-12">
          <PricingCards ctaHref={start} />
        </div>
      </PageSection>

      {/* Comments people published and the operator approved, written in by the worker from the page's own
          card template (worker/landing/serve.ts); the section stays hidden while there are none. */}
      <div data-live="testimonials" hidden>
        <PageSection name="testimonials" muted title={m.public_testimonials_title()}>
          <ul data-live="testimonial-list" className="mt-10 grid gap-6 md:grid-cols-3" />
          <template data-live="testimonial-card">
            <li>
              <figure className="flex h-full flex-col rounded-2xl border bg-card p-6">
                <div
                  className="testimonial-stars flex gap-0.5"
                  data-stars="{{stars}}"
                  aria-label={m.public_testimonials_stars({ stars: "{{stars}}" })}
                  role="img"
                >
                  {[1, 2, 3, 4, 5].map((n) => (
                    <Star key={n} className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 text-pretty">“{"{{quote}}"}”</blockquote>
                <figcaption className="mt-5 text-sm">
                  <span className="font-semibold">{"{{name}}"}</span>
                  <span className="text-muted-foreground"> · {"{{role}}"}</span>
                </figcaption>
              </figure>
            </li>
          </template>
        </PageSection>
      </div>

      <PageSection name="faq" id="faq" narrow title={m.public_faq_title()}>
        <div className="mt-8 divide-y rounded-2xl border bg-card">
          {faq().map((f) => (
            <details key={f.question} className="group px-5 py-1">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
                <h3>{f.question}</h3>
                <span aria-hidden="true" className="text-xl text-muted-foreground transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="pb-5 text-muted-foreground">{f.answer}</p>
            </details>
          ))}
        </div>
      </PageSection>

      <ClosingCta
        title={m.public_closing_title()}
        text={m.public_closing_text({ freeTries: freeTriesCapitalized() })}
        href={start}
        cta={m.public_closing_cta()}
      />
    </>
  );
}
