import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/lib/paths";
import { useAuth } from "./auth-context";

/**
 * Spinner while auth loads; /auth when nobody is signed in (SPEC §2). Who may see a page beyond that is
 * the page's own business (/admin shows its permission alert, then goes to /dashboard).
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === "loading") return <PageSpinner />;
  if (!user) return <Redirect to={paths.auth} replace />;
  return <>{children}</>;
}
