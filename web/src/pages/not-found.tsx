import { buttonVariants } from "@/components/ui/button-variants";
import { SERVICE_PAGES, paths } from "@/lib/paths";
import { notFoundTitle, publicHref } from "@/content/site";
import { serviceName } from "@/content/service-names";
import { m } from "@/lib/copy";
import { useDocumentTitle } from "@/public/use-document-title";

/** Any other path (answered with HTTP 404 by the static assets: web/dist/404.html). */
export function NotFoundPage() {
  useDocumentTitle(notFoundTitle());
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{m.public_not_found_heading()}</h1>
      <p className="mt-4 text-muted-foreground">{m.public_not_found_text()}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <a href={publicHref(paths.home)} className={buttonVariants()}>
          {m.public_not_found_home()}
        </a>
        <a href={publicHref(paths.aiStyles)} className={buttonVariants({ variant: "outline" })}>
          {m.public_not_found_styles()}
        </a>
      </div>
      <h2 className="mt-14 text-sm font-semibold">{m.public_not_found_popular()}</h2>
      <ul className="mt-3 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
        {SERVICE_PAGES.slice(0, 6).map((s) => (
          <li key={s.slug}>
            <a href={publicHref(paths.service(s.slug))} className="text-primary underline-offset-4 hover:underline">
              {serviceName(s.slug)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
