import { PageTitle } from "@/components/layout/page-title";
import { AdminDashboard } from "@/features/admin/admin-dashboard";

/** /admin (SPEC §2): loaded on demand, so its charts never weigh on the other pages. */
export function AdminPage() {
  return (
    <main id="main" className="min-h-dvh bg-muted/20">
      <PageTitle>Admin Dashboard</PageTitle>
      <AdminDashboard />
    </main>
  );
}
