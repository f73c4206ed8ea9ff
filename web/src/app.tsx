import { useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Route, Switch } from "wouter";
import { Toaster } from "@/components/ui/toaster";
import { TooltipProvider } from "@/components/ui/tooltip";
import { PublicLayout } from "@/components/layout/public-layout";
import { createQueryClient } from "@/lib/query-client";
import { SERVICE_PAGES, paths } from "@/lib/paths";
import { HomePage } from "@/pages/home";
import { NotFoundPage } from "@/pages/not-found";
import { PlaceholderPage } from "@/pages/placeholder";

function ServicePage({ slug }: { slug: string }) {
  const page = SERVICE_PAGES.find((s) => s.slug === slug);
  if (!page) return <NotFoundPage />;
  return <PlaceholderPage title={page.name} />;
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.home}>
        <PublicLayout>
          <HomePage />
        </PublicLayout>
      </Route>
      <Route path={paths.privacy}>
        <PublicLayout>
          <PlaceholderPage title="Privacy Policy" />
        </PublicLayout>
      </Route>
      <Route path={paths.terms}>
        <PublicLayout>
          <PlaceholderPage title="Terms of Service" />
        </PublicLayout>
      </Route>
      <Route path="/services/:slug">
        {(params) => (
          <PublicLayout>
            <ServicePage slug={params.slug} />
          </PublicLayout>
        )}
      </Route>
      <Route path={paths.pricing}>
        <PublicLayout>
          <PlaceholderPage title="Pricing" />
        </PublicLayout>
      </Route>
      <Route path={paths.admin}>
        <PublicLayout>
          <PlaceholderPage title="Admin dashboard" />
        </PublicLayout>
      </Route>
      <Route>
        <PublicLayout>
          <NotFoundPage />
        </PublicLayout>
      </Route>
    </Switch>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <AppRoutes />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
