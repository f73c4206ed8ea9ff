import { Link } from "wouter";
import { ArrowRight, Check, ShieldCheck, Sparkles, Zap } from "lucide-react";
import { StyleImage } from "@/assets/styles";
import { Button } from "@/components/ui/button";
import { STYLES } from "@/lib/domain";
import { paths } from "@/lib/paths";
import { PageTitle } from "@/components/layout/page-title";
import { useAuth } from "@/shared/auth/auth-context";

const HERO_STYLES = ["Corporate", "LinkedIn", "Speaker", "Casual Selfie"] as const;

/** Landing page. The full page (gallery, pricing, testimonials, FAQ) is a later issue; this is the hero. */
export function HomePage() {
  const { user } = useAuth();
  const start = user ? paths.dashboard : paths.auth;
  return (
    <>
      <PageTitle />
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_65%)]"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-20 pt-14 sm:px-6 lg:grid-cols-2 lg:pt-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
              <Sparkles className="size-3.5 text-primary" aria-hidden="true" />
              50K+ headshots generated · rated 4.9/5
            </p>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Professional headshots from a single photo
            </h1>
            <p className="mt-5 max-w-xl text-lg text-muted-foreground text-pretty">
              Upload a selfie, pick one of 10 studio styles and download a polished headshot for LinkedIn, your CV or
              your team page — in seconds, not a photo shoot.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link href={start}>
                  Get Started <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <a href="#ai-styles">See Examples</a>
              </Button>
            </div>
            <ul className="mt-8 grid gap-2 text-sm text-muted-foreground sm:grid-cols-3">
              <li className="flex items-center gap-2">
                <Zap className="size-4 text-primary" aria-hidden="true" /> Instant processing
              </li>
              <li className="flex items-center gap-2">
                <ShieldCheck className="size-4 text-primary" aria-hidden="true" /> Photos stored encrypted
              </li>
              <li className="flex items-center gap-2">
                <Check className="size-4 text-primary" aria-hidden="true" /> 2 free generations
              </li>
            </ul>
          </div>
          <div className="grid grid-cols-2 gap-4 sm:gap-5" aria-hidden="true">
            {HERO_STYLES.map((id, i) => (
              <div
                key={id}
                className={`overflow-hidden rounded-2xl border bg-card shadow-lg ${i % 2 === 1 ? "translate-y-8" : ""}`}
              >
                <StyleImage styleId={id} gender={i % 2 === 0 ? "woman" : "man"} className="aspect-[5/6] w-full" />
                <p className="px-3 py-2 text-xs font-medium text-muted-foreground">{id}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section id="how-it-works" className="scroll-mt-20 border-t bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">How it works</h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-3">
            {[
              ["Upload a photo", "A clear, front-facing photo works best. JPG, PNG or WebP up to 10 MB."],
              ["Choose a style", "Ten looks, from crisp corporate to relaxed casual."],
              ["Download", "Square or round, PNG, WebP or TIFF, sized for every platform."],
            ].map(([title, text], i) => (
              <li key={title} className="rounded-xl border bg-card p-6">
                <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                  {i + 1}
                </span>
                <h3 className="mt-4 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="ai-styles" className="scroll-mt-20">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">AI styles</h2>
          <p className="mt-2 text-muted-foreground">Ten studio looks, each tuned to keep you looking like you.</p>
          <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {STYLES.map((s, i) => (
              <li key={s.id} className="overflow-hidden rounded-xl border bg-card">
                <StyleImage styleId={s.id} gender={i % 2 ? "man" : "woman"} className="aspect-square w-full" />
                <div className="p-3">
                  <p className="text-sm font-medium">{s.name}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="pricing" className="scroll-mt-20 border-t bg-muted/40">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-16 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div>
            <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Simple pricing</h2>
            <p className="mt-2 text-muted-foreground">Weekly, monthly or yearly. Unlimited generations, cancel anytime.</p>
          </div>
          <Button asChild size="lg">
            <Link href={start}>Generate Free Headshot</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
