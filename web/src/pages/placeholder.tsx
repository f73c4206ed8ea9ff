import { Link } from "wouter";
import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { paths } from "@/lib/paths";
import { PageTitle } from "@/components/layout/page-title";

/** A tidy stand-in for pages that are specified but not built yet. */
export function PlaceholderPage({ title, description }: { title: string; description?: string }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <PageTitle>{title}</PageTitle>
      <span className="mb-6 inline-flex size-14 items-center justify-center rounded-2xl bg-accent text-primary">
        <Sparkles className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-muted-foreground">
        {description ?? "This page is coming soon. We're putting the finishing touches on it."}
      </p>
      <Button asChild className="mt-8" variant="outline">
        <Link href={paths.home}>Back to home</Link>
      </Button>
    </section>
  );
}
