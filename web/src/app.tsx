import { lazy, Suspense, useState } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { Route, Switch, useLocation } from "wouter";
import { Toaster } from "@/components/ui/toaster";
import { TooltipProvider } from "@/components/ui/tooltip";
import { AuthProvider } from "@/shared/auth/auth-context";
import { ProtectedRoute } from "@/shared/auth/protected-route";
import { SubscriptionDialogProvider } from "@/shared/billing/subscription-dialog";
import { createQueryClient } from "@/lib/query-client";
import { paths } from "@/lib/paths";
import { VerifiedNotice } from "@/features/auth/verified-notice";
import { AuthPage } from "@/pages/auth";
import { ForgotPasswordPage } from "@/pages/forgot-password";
import { ResetPasswordPage } from "@/pages/reset-password";
import { VerifyEmailPage } from "@/pages/verify-email";
import { OAuthCallbackPage } from "@/pages/oauth-callback";
import { PublicRoutes } from "@/public/public-routes";
import { SpaSessionSummary } from "@/shared/auth/spa-session-summary";
import { PixelPageViews } from "@/shared/pixel/page-views";
import { PageSpinner } from "@/components/ui/spinner";
import { startLocale } from "@/lib/locale";
import { LocaleBoundary } from "@/lib/use-locale";

// Signed-in pages load on demand, so the landing and auth pages stay light.
const DashboardPage = lazy(() => import("@/pages/dashboard").then((m) => ({ default: m.DashboardPage })));
const AccountPage = lazy(() => import("@/pages/account").then((m) => ({ default: m.AccountPage })));
const PricingPage = lazy(() => import("@/pages/pricing").then((m) => ({ default: m.PricingPage })));
const AdminPage = lazy(() => import("@/pages/admin").then((m) => ({ default: m.AdminPage })));
const TeamPage = lazy(() => import("@/pages/team").then((m) => ({ default: m.TeamPage })));
const JoinTeamPage = lazy(() => import("@/pages/team").then((m) => ({ default: m.JoinTeamPage })));
const JoinByLinkPage = lazy(() => import("@/pages/team").then((m) => ({ default: m.JoinByLinkPage })));

/** The public pages when the signed-in app is already loaded (e.g. after signing out). */
function SpaPublicRoutes() {
  const [location] = useLocation();
  return <PublicRoutes path={location} />;
}

function SpaPixelPageViews() {
  const [location] = useLocation();
  return <PixelPageViews location={location} />;
}

/** SPEC §2 route table: the signed-in app's routes; every other path is the public site (prerendered). */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.auth}>
        <AuthPage />
      </Route>
      <Route path={paths.authForgot}>
        <ForgotPasswordPage />
      </Route>
      <Route path={paths.authReset}>
        <ResetPasswordPage />
      </Route>
      <Route path={paths.authVerify}>
        <VerifyEmailPage />
      </Route>
      <Route path={paths.oauthCallback}>
        <OAuthCallbackPage />
      </Route>
      <Route path={paths.dashboard}>
        <ProtectedRoute>
          <DashboardPage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.pricing}>
        <ProtectedRoute>
          <PricingPage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.account}>
        <ProtectedRoute>
          <AccountPage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.admin}>
        <ProtectedRoute>
          <AdminPage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.teamJoin}>
        <JoinTeamPage />
      </Route>
      <Route path={paths.teamCapture}>
        <JoinByLinkPage />
      </Route>
      <Route path={paths.team}>
        <ProtectedRoute>
          <TeamPage />
        </ProtectedRoute>
      </Route>
      <Route>
        <SpaPublicRoutes />
      </Route>
    </Switch>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <LocaleBoundary>
          <SpaSessionSummary>
            <TooltipProvider>
              <SubscriptionDialogProvider>
                <Suspense fallback={<PageSpinner />}>
                  <AppRoutes />
                </Suspense>
              </SubscriptionDialogProvider>
              <Toaster />
              <VerifiedNotice />
              <SpaPixelPageViews />
            </TooltipProvider>
          </SpaSessionSummary>
        </LocaleBoundary>
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** Renders the signed-in app into the page's empty #root (main.tsx loads this module on the app's routes). */
export function startApp(root: HTMLElement) {
  startLocale(); // the language is decided before the first render (issue 50): the cookie, the browser's, English
  createRoot(root).render(<App />);
}
