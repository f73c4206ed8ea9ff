/**
 * What the public pages' header needs to know about the visitor: loading, signed out, or signed in as
 * an email, and a way to sign out. The signed-in app fills it from AuthProvider; the prerendered public
 * pages' header island from one GET /api/auth/session (PublicSessionProvider, public/islands.tsx), so they
 * never load the signed-in app.
 */
import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { endSession, peekSession } from "./api/public-session";

export interface SessionSummary {
  status: "loading" | "signedOut" | "signedIn";
  email: string | null;
  signOut(): void;
}

export const SessionSummaryContext = createContext<SessionSummary>({ status: "loading", email: null, signOut() {} });

export const useSessionSummary = () => useContext(SessionSummaryContext);

export function PublicSessionProvider({ children }: { children: ReactNode }) {
  const [email, setEmail] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    // A transition, so the answer never interrupts hydration: an urgent update reaching a part that is
    // still hydrating (e.g. waiting for a chunk) would make React drop the prerendered HTML and redraw it.
    const settle = (value: string | null) => live && startTransition(() => setEmail(value));
    peekSession()
      .then((s) => settle(s?.user.email ?? null))
      .catch(() => settle(null));
    return () => {
      live = false;
    };
  }, []);
  const value = useMemo<SessionSummary>(
    () => ({
      status: email === undefined ? "loading" : email ? "signedIn" : "signedOut",
      email: email ?? null,
      signOut() {
        void endSession()
          .catch(() => undefined)
          .then(() => window.location.assign("/"));
      },
    }),
    [email],
  );
  return <SessionSummaryContext.Provider value={value}>{children}</SessionSummaryContext.Provider>;
}
