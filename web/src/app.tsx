import { lazy, Suspense, useState, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Route, Switch } from "wouter";
import { Toaster } from "@/components/ui/toaster";
import { TooltipProvider } from "@/components/ui/tooltip";
import { PublicLayout } from "@/components/layout/public-layout";
import { AuthProvider } from "@/shared/auth/auth-context";
import { ProtectedRoute } from "@/shared/auth/protected-route";
import { SubscriptionDialogProvider } from "@/shared/billing/subscription-dialog";
import { createQueryClient } from "@/lib/query-client";
import { SERVICE_PAGES, paths } from "@/lib/paths";
import { VerifiedNotice } from "@/features/auth/verified-notice";
import { AuthPage } from "@/pages/auth";
import { HomePage } from "@/pages/home";
import { NotFoundPage } from "@/pages/not-found";
import { OAuthCallbackPage } from "@/pages/oauth-callback";
import { PlaceholderPage } from "@/pages/placeholder";
import { PageSpinner } from "@/components/ui/spinner";

// Signed-in pages load on demand, so the landing and auth pages stay light.
const DashboardPage = lazy(() => import("@/pages/dashboard").then((m) => ({ default: m.DashboardPage })));
const AccountPage = lazy(() => import("@/pages/account").then((m) => ({ default: m.AccountPage })));
const PricingPage = lazy(() => import("@/pages/pricing").then((m) => ({ default: m.PricingPage })));
const AdminPage = lazy(() => import("@/pages/admin").then((m) => ({ default: m.AdminPage })));

function ServicePage({ slug }: { slug: string }) {
  const page = SERVICE_PAGES.find((s) => s.slug === slug);
  if (!page) return <NotFoundPage />;
  return <PlaceholderPage title={page.name} />;
}

function Public({ children }: { children: ReactNode }) {
  return <PublicLayout>{children}</PublicLayout>;
}

/** SPEC §2 route table. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.home}>
        <Public>
          <HomePage />
        </Public>
      </Route>
      <Route path={paths.auth}>
        <AuthPage />
      </Route>
      <Route path={paths.oauthCallback}>
        <OAuthCallbackPage />
      </Route>
      <Route path={paths.privacy}>
        <Public>
          <PlaceholderPage title="Privacy Policy" />
        </Public>
      </Route>
      <Route path={paths.terms}>
        <Public>
          <PlaceholderPage title="Terms of Service" />
        </Public>
      </Route>
      <Route path="/services/:slug">
        {(params) => (
          <Public>
            <ServicePage slug={params.slug} />
          </Public>
        )}
      </Route>
      <Route path={paths.dashboard}>
        <ProtectedRoute>
          <DashboardPage />
        </ProtectedRoute>
      </Route>
      <Route path={paths.pricing}>
        <Public>
          <ProtectedRoute>
            <PricingPage />
          </ProtectedRoute>
        </Public>
      </Route>
      <Route path={paths.account}>
        <Public>
          <ProtectedRoute>
            <AccountPage />
          </ProtectedRoute>
        </Public>
      </Route>
      <Route path={paths.admin}>
        <ProtectedRoute>
          <AdminPage />
        </ProtectedRoute>
      </Route>
      <Route>
        <Public>
          <NotFoundPage />
        </Public>
      </Route>
    </Switch>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <TooltipProvider>
          <SubscriptionDialogProvider>
            <Suspense fallback={<PageSpinner />}>
              <AppRoutes />
            </Suspense>
          </SubscriptionDialogProvider>
          <Toaster />
          <VerifiedNotice />
        </TooltipProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
