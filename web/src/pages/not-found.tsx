import { buttonVariants } from "@/components/ui/button-variants";
import { SERVICE_PAGES, paths } from "@/lib/paths";
import { NOT_FOUND_TITLE } from "@/content/site";
import { useDocumentTitle } from "@/public/use-document-title";

/** Any other path (answered with HTTP 404 by the static assets: web/dist/404.html). */
export function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-muted-foreground">
        Sorry, we couldn’t find the page you’re looking for. It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <a href={paths.home} className={buttonVariants()}>
          Go back home
        </a>
        <a href={paths.aiStyles} className={buttonVariants({ variant: "outline" })}>
          See the AI styles
        </a>
      </div>
      <h2 className="mt-14 text-sm font-semibold">Popular pages</h2>
      <ul className="mt-3 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
        {SERVICE_PAGES.slice(0, 6).map((s) => (
          <li key={s.slug}>
            <a href={paths.service(s.slug)} className="text-primary underline-offset-4 hover:underline">
              {s.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
