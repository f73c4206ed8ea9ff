import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { ShieldAlert } from "lucide-react";
import { errorCode, errorText, errorStatus } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { paths } from "@/lib/paths";
import { useAuth } from "@/shared/auth/auth-context";
import { useStats } from "./api/get-stats";
import { AdminHeader } from "./admin-header";
import { AnalyticsTab } from "./analytics-tab";
import { FinancialsTab } from "./financials-tab";
import { ModerationPanel } from "./moderation-panel";
import { TestimonialsPanel } from "./testimonials-panel";
import { PicturesPanel } from "./pictures-panel";
import { MonitoringTab } from "./monitoring-tab";
import { OverviewTab } from "./overview-tab";
import { SummaryCards } from "./summary-cards";
import { UsersTab } from "./users-tab";

/** How long the permission alert stays before the redirect to /dashboard, so it can be read (and heard). */
export const PERMISSION_REDIRECT_MS = 3000;

export const ADMIN_TABS = [
  { id: "overview", label: "Overview" },
  { id: "users", label: "Users" },
  { id: "analytics", label: "Analytics" },
  { id: "financials", label: "Financials" },
  { id: "moderation", label: "Moderation" },
  { id: "monitoring", label: "Monitoring" },
] as const;

/** SPEC §2: non-permitted users see the alert, then go to /dashboard. */
export function PermissionDenied() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const t = setTimeout(() => navigate(paths.dashboard, { replace: true }), PERMISSION_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Alert variant="destructive">
        <ShieldAlert aria-hidden="true" />
        <AlertTitle>Access denied</AlertTitle>
        <AlertDescription>You don't have permission to access this page.</AlertDescription>
      </Alert>
    </div>
  );
}

/**
 * The operator's dashboard (SPEC §2 /admin). The client asks only when the server says this user is the
 * operator (`isOperator` from /api/auth/user); the server checks every admin call again.
 */
export function AdminDashboard() {
  const { user } = useAuth();
  const operator = Boolean(user?.isOperator);
  const stats = useStats(operator); // SPEC §6: admin data queries are enabled only for the operator
  const [tab, setTab] = useState<string>("overview");

  if (!operator || errorCode(stats.error) === "operator_only" || errorStatus(stats.error) === 401) return <PermissionDenied />;
  if (stats.isLoading) return <PageSpinner caption="Loading admin dashboard..." />;

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <AdminHeader />
      {stats.data ? (
        <>
          <SummaryCards stats={stats.data} />
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="grid h-auto w-full grid-cols-3 sm:grid-cols-6">
              {ADMIN_TABS.map((t) => (
                <TabsTrigger key={t.id} value={t.id}>
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="overview">
              <OverviewTab />
            </TabsContent>
            <TabsContent value="users">
              <UsersTab />
            </TabsContent>
            <TabsContent value="analytics">
              <AnalyticsTab />
            </TabsContent>
            <TabsContent value="financials">
              <FinancialsTab stats={stats.data} />
            </TabsContent>
            <TabsContent value="moderation">
              <div className="grid gap-6">
                <ModerationPanel />
                <TestimonialsPanel />
                <PicturesPanel />
              </div>
            </TabsContent>
            <TabsContent value="monitoring">
              <MonitoringTab />
            </TabsContent>
          </Tabs>
        </>
      ) : (
        <Alert variant="destructive">
          <AlertTitle>The dashboard could not load</AlertTitle>
          <AlertDescription>{errorText(stats.error, "Failed to load the admin figures.")} Try Refresh.</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
