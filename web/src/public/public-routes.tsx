import { lazy, Suspense } from "react";
import { PublicLayout } from "@/components/layout/public-layout";
import { loadServiceContent } from "@/content/services/types";
import { SERVICE_PAGES, paths } from "@/lib/paths";

// One chunk per kind of page, so a page loads only its own code and copy. Prerendering waits for them
// (react-dom/static); in the browser, hydration keeps the prerendered HTML until the chunk has arrived.
const HomePage = lazy(() => import("@/pages/home").then((m) => ({ default: m.HomePage })));
/** An audience page with its own copy: the page's code and only that page's words. */
const SERVICE_PAGE_COMPONENTS = Object.fromEntries(
  SERVICE_PAGES.map((s) => [
    s.slug,
    lazy(async () => {
      const [{ ServicePage }, content] = await Promise.all([import("@/pages/service"), loadServiceContent(s.slug)]);
      return { default: () => <ServicePage content={content} /> };
    }),
  ]),
);
const PrivacyPolicyPage = lazy(() => import("@/pages/policy").then((m) => ({ default: m.PrivacyPolicyPage })));
const TermsOfServicePage = lazy(() => import("@/pages/policy").then((m) => ({ default: m.TermsOfServicePage })));
const NotFoundPage = lazy(() => import("@/pages/not-found").then((m) => ({ default: m.NotFoundPage })));

function Page({ path }: { path: string }) {
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
 * The public site's routes (SPEC §2): prerendered at build time, hydrated in the browser. Its links are
 * plain links: every public page is its own prerendered HTML file, so a navigation is one small document.
 */
export function PublicRoutes({ path }: { path: string }) {
  return (
    <PublicLayout>
      <Suspense>
        <Page path={path} />
      </Suspense>
    </PublicLayout>
  );
}

/** Paths the signed-in app (app.tsx) owns; everything else is the public site. */
export const APP_PATHS = [paths.auth, paths.oauthCallback, paths.dashboard, paths.pricing, paths.account, paths.admin];
export const isAppPath = (pathname: string) => APP_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
