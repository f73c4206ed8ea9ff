import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { apiFetch, ApiError } from "@/api/client";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth/auth-context";
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
      let res: Response;
      try {
        res = await apiFetch("/api/auth/session");
      } catch (err) {
        // 401 = no session; any other failure of the lookup itself = oauth_error.
        if (err instanceof ApiError && err.status === 401) navigate(paths.auth, { replace: true });
        else navigate(`${paths.auth}?error=oauth_error`, { replace: true });
        return;
      }
      try {
        await acceptSession((await res.json()) as AuthResult);
        navigate(paths.dashboard, { replace: true });
      } catch {
        navigate(`${paths.auth}?error=unexpected_error`, { replace: true });
      }
    })();
  }, [acceptSession, navigate]);

  return <PageSpinner caption="Completing sign in..." />;
}
