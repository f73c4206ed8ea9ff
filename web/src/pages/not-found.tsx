import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { paths } from "@/lib/paths";
import { PageTitle } from "@/components/layout/page-title";

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-28 text-center sm:px-6">
      <PageTitle>Page not found</PageTitle>
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-muted-foreground">Sorry, we couldn't find the page you're looking for.</p>
      <Button asChild className="mt-8">
        <Link href={paths.home}>Go back home</Link>
      </Button>
    </section>
  );
}
