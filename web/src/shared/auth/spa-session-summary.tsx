import { useMemo, type ReactNode } from "react";
import { useAuth } from "./auth-context";
import { SessionSummaryContext, type SessionSummary } from "./session-summary";
import { useSignOut } from "./use-sign-out";

/** The signed-in app's session, as the public header sees it (inside AuthProvider). */
export function SpaSessionSummary({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const signOut = useSignOut();
  const value = useMemo<SessionSummary>(
    () => ({ status, email: user?.email ?? null, signOut: () => void signOut() }),
    [status, user, signOut],
  );
  return <SessionSummaryContext.Provider value={value}>{children}</SessionSummaryContext.Provider>;
}
