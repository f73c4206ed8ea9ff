import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/lib/paths";
import { useAuth } from "./auth-context";

/** Spinner while auth loads; /auth when nobody is signed in (SPEC §2). */
export function ProtectedRoute({ children, operatorOnly = false }: { children: ReactNode; operatorOnly?: boolean }) {
  const { status, user } = useAuth();
  if (status === "loading") return <PageSpinner />;
  if (!user) return <Redirect to={paths.auth} replace />;
  if (operatorOnly && !user.isOperator) return <Redirect to={paths.dashboard} replace />;
  return <>{children}</>;
}
