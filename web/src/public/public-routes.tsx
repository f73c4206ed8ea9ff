import { useEffect } from "react";
import { Route, Switch, useLocation } from "wouter";
import { PublicLayout } from "@/components/layout/public-layout";
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from "@/content/policies";
import { metaFor } from "@/content/seo";
import { SERVICE_PAGES, paths } from "@/lib/paths";
import { HomePage } from "@/pages/home";
import { NotFoundPage } from "@/pages/not-found";
import { PolicyPage } from "@/pages/policy";
import { ServicePage } from "@/pages/service";

/** Keeps document.title in step on client-side navigation (the prerendered <head> has it on load). */
function RouteTitle() {
  const [location] = useLocation();
  useEffect(() => {
    document.title = metaFor(location, __APP_URL__).title;
  }, [location]);
  return null;
}

/** The public site's routes (SPEC §2): prerendered at build time, hydrated in the browser. */
export function PublicRoutes() {
  return (
    <PublicLayout>
      <RouteTitle />
      <Switch>
        <Route path={paths.home}>
          <HomePage />
        </Route>
        <Route path={paths.privacy}>
          <PolicyPage policy={PRIVACY_POLICY} />
        </Route>
        <Route path={paths.terms}>
          <PolicyPage policy={TERMS_OF_SERVICE} />
        </Route>
        {SERVICE_PAGES.map((s) => (
          <Route key={s.slug} path={paths.service(s.slug)}>
            <ServicePage slug={s.slug} />
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </PublicLayout>
  );
}

/** Paths the signed-in app (app.tsx) owns; everything else is the public site. */
export const APP_PATHS = [paths.auth, paths.oauthCallback, paths.dashboard, paths.pricing, paths.account, paths.admin];
export const isAppPath = (pathname: string) => APP_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
