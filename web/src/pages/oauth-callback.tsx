import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { ApiError } from "@/api/client";
import { PageSpinner } from "@/components/ui/spinner";
import { getSession } from "@/shared/auth/api/get-session";
import { useAuth } from "@/shared/auth/auth-context";
import type { AuthResult } from "@/lib/domain";
import { paths } from "@/lib/paths";

/**
 * Return from Google sign-in (SPEC §2): look the session up.
 * session → /dashboard; none (401) → /auth; lookup error → /auth?error=oauth_error;
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
      let session: AuthResult;
      try {
        session = await getSession();
      } catch (err) {
        // 401 = no session; any other answer = the lookup failed; no answer we can read = unexpected.
        if (err instanceof ApiError) navigate(err.status === 401 ? paths.auth : `${paths.auth}?error=oauth_error`, { replace: true });
        else navigate(`${paths.auth}?error=unexpected_error`, { replace: true });
        return;
      }
      try {
        await acceptSession(session);
        navigate(paths.dashboard, { replace: true });
      } catch {
        navigate(`${paths.auth}?error=unexpected_error`, { replace: true });
      }
    })();
  }, [acceptSession, navigate]);

  return <PageSpinner caption="Completing sign in..." />;
}
