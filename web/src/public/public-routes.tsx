import { lazy, Suspense } from "react";
import { PublicLayout } from "@/components/layout/public-layout";
import { loadServiceContent } from "@/content/services/types";
import { SERVICE_PAGES, paths } from "@/lib/paths";
import { splitLocalePath } from "@/lib/copy";

// One chunk per kind of page, so the signed-in app loads a public page's code and copy only when it shows
// that page. Prerendering waits for them (react-dom/static); a prerendered page loads none of them.
const HomePage = lazy(() => import("@/pages/home").then((m) => ({ default: m.HomePage })));
/** An audience page with its own copy: the page's code and only that page's words. */
const SERVICE_PAGE_COMPONENTS = Object.fromEntries(
  SERVICE_PAGES.map((s) => [
    s.slug,
    lazy(async () => {
      const [{ ServicePage }, content] = await Promise.all([import("@/pages/service"), loadServiceContent(s.slug)]);
      return { default: () => <ServicePage content={content()} /> };
    }),
  ]),
);
const PrivacyPolicyPage = lazy(() => import("@/pages/policy").then((m) => ({ default: m.PrivacyPolicyPage })));
const TermsOfServicePage = lazy(() => import("@/pages/policy").then((m) => ({ default: m.TermsOfServicePage })));
const NotFoundPage = lazy(() => import("@/pages/not-found").then((m) => ({ default: m.NotFoundPage })));

/** `path` without its language ("/de/services/x" → "/services/x"): the words follow the locale being rendered. */
function Page({ path: localized }: { path: string }) {
  const { path } = splitLocalePath(localized);
  if (path === paths.home) return <HomePage />;
  if (path === paths.privacy) return <PrivacyPolicyPage />;
  if (path === paths.terms) return <TermsOfServicePage />;
  const service = SERVICE_PAGES.find((s) => path === paths.service(s.slug));
  if (service) {
    const ServicePage = SERVICE_PAGE_COMPONENTS[service.slug]!;
    return <ServicePage />;
  }
  return <NotFoundPage />;
}

/**
 * The public site's routes (SPEC §2): prerendered at build time (only their islands come alive in the
 * browser), and rendered by the signed-in app when it shows a public page (e.g. / after signing out). Its
 * links are plain links: every public page is its own prerendered HTML file, so a navigation is one small document.
 * `path` may carry a language ("/de/…"); the caller sets that locale before rendering (web/build/build.ts, the
 * islands: public/islands.tsx).
 */
export function PublicRoutes({ path }: { path: string }) {
  return (
    <PublicLayout path={path}>
      <Suspense>
        <Page path={path} />
      </Suspense>
    </PublicLayout>
  );
}
