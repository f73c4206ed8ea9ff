import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { ApiError } from "@/api/client";
import { PageSpinner } from "@/components/ui/spinner";
import { getSession } from "@/shared/auth/api/get-session";
import { useAuth } from "@/shared/auth/auth-context";
import type { AuthResult } from "@/lib/domain";
import { paths } from "@/lib/paths";
import { m } from "@/lib/copy";
import { PageTitle } from "@/components/layout/page-title";
import { pixel } from "@/shared/pixel/pixel";
import { takePendingNext } from "@/shared/auth/pending-next";

/**
 * Return from Google sign-in (SPEC §2): look the session up.
 * session → /dashboard, or the team link's page the sign-in started from (pending-next.ts, decision 326);
 * none (null) → /auth; lookup error → /auth?error=oauth_error;
 * anything unexpected → /auth?error=unexpected_error.
 */
export function OAuthCallbackPage() {
  const { acceptSession } = useAuth();
  const [, navigate] = useLocation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      let session: AuthResult | null;
      try {
        session = await getSession();
      } catch (err) {
        // an error answer = the lookup failed; no answer we can read = unexpected
        navigate(`${paths.auth}?error=${err instanceof ApiError ? "oauth_error" : "unexpected_error"}`, { replace: true });
        return;
      }
      if (!session) {
        navigate(paths.auth, { replace: true });
        return;
      }
      try {
        await acceptSession(session);
        // The server marks a Google sign-in that created the account: a first sign-in (SPEC §4).
        if (new URLSearchParams(window.location.search).get("registered") === "1") pixel.completeRegistration();
        navigate(takePendingNext() ?? paths.dashboard, { replace: true });
      } catch {
        navigate(`${paths.auth}?error=unexpected_error`, { replace: true });
      }
    })();
  }, [acceptSession, navigate]);

  return (
    <>
      <PageTitle>{m.auth_signing_in_title()}</PageTitle>
      <PageSpinner caption={m.auth_completing_sign_in()} />
    </>
  );
}
