import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { onAccessTokenChange, setAccessToken } from "@/api/client";
import type { ApiUser, AuthResult } from "@/lib/domain";
import { getSession } from "./api/get-session";
import { getUser } from "./api/get-user";
import { signIn as postSignIn } from "./api/sign-in";
import { signOut as postSignOut } from "./api/sign-out";
import { signUp as postSignUp } from "./api/sign-up";
import { pixel } from "../pixel/pixel";

export type AuthStatus = "loading" | "signedOut" | "signedIn";

interface AuthContextValue {
  status: AuthStatus;
  user: ApiUser | null;
  signIn(email: string, password: string): Promise<ApiUser>;
  /**
   * `acceptTerms`: the visitor confirmed they are 13 or older and accepted the terms. `next`: the team link's page
   * the sign-up started from, where the verification mail's link comes back to (decision 326).
   */
  signUp(email: string, password: string, acceptTerms: true, next?: string | null): Promise<ApiUser>;
  /** POST /api/auth/signout; `then` runs (e.g. navigation) before the session is forgotten locally. */
  signOut(then?: () => void): Promise<void>;
  /** Adopt a session found by GET /api/auth/session (the OAuth callback uses this). */
  acceptSession(result: AuthResult): Promise<void>;
  /** Re-read GET /api/auth/user (e.g. after the email got verified). */
  reloadUser(): Promise<void>;
  /** Forget the session locally (after the account is deleted). */
  clearSession(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** GET /api/auth/user; a failure is logged and leaves the user unset (SPEC §8). */
async function fetchUser(): Promise<ApiUser | null> {
  try {
    return await getUser();
  } catch (err) {
    console.error("Failed to load the current user", err);
    return null;
  }
}

/**
 * Restore a session from the refresh cookie once per page load. Shared so React StrictMode's double
 * effects (and several providers in tests) do not look the session up twice.
 */
let bootPromise: Promise<ApiUser | null> | null = null;
function bootSession(): Promise<ApiUser | null> {
  bootPromise ??= (async () => {
    try {
      const session = await getSession();
      if (!session) return null; // signed out
      setAccessToken(session.accessToken);
      return (await fetchUser()) ?? session.user;
    } catch {
      return null; // the lookup failed: treated as signed out
    }
  })();
  return bootPromise;
}

/** Test hook: forget the cached boot lookup. */
export function resetAuthBootForTests() {
  bootPromise = null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>("loading");
  const [user, setUser] = useState<ApiUser | null>(null);

  const adopt = useCallback((u: ApiUser | null) => {
    setUser(u);
    setStatus(u ? "signedIn" : "signedOut");
  }, []);

  useEffect(() => {
    let live = true;
    void bootSession().then((u) => {
      if (live) adopt(u);
    });
    return () => {
      live = false;
    };
  }, [adopt]);

  // The client clears the token when a refresh fails: the session is over.
  useEffect(
    () =>
      onAccessTokenChange((token) => {
        if (!token) {
          bootPromise = Promise.resolve(null);
          setUser((prev) => {
            if (prev) queryClient.clear();
            return null;
          });
          setStatus((s) => (s === "loading" ? s : "signedOut"));
        }
      }),
    [queryClient],
  );

  const acceptSession = useCallback(
    async (result: AuthResult) => {
      setAccessToken(result.accessToken);
      const u = (await fetchUser()) ?? result.user;
      bootPromise = Promise.resolve(u);
      adopt(u);
    },
    [adopt],
  );

  /** Sign-in and sign-up both answer `{user, accessToken}`: adopt it as the session. */
  const authenticate = useCallback(
    async (call: Promise<AuthResult>) => {
      const result = await call;
      await acceptSession(result);
      return result.user;
    },
    [acceptSession],
  );
  const signIn = useCallback((email: string, password: string) => authenticate(postSignIn(email, password)), [authenticate]);
  const signUp = useCallback(
    async (email: string, password: string, acceptTerms: true, next?: string | null) => {
      const created = await authenticate(postSignUp(email, password, acceptTerms, next));
      pixel.completeRegistration(); // a first sign-in (SPEC §4)
      return created;
    },
    [authenticate],
  );

  const clearSession = useCallback(() => {
    setAccessToken(null);
    bootPromise = Promise.resolve(null);
    queryClient.clear();
    adopt(null);
  }, [adopt, queryClient]);

  const signOut = useCallback(
    async (then?: () => void) => {
      await postSignOut();
      then?.();
      clearSession();
    },
    [clearSession],
  );

  const reloadUser = useCallback(async () => {
    const u = await fetchUser();
    if (u) setUser(u);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, signIn, signUp, signOut, acceptSession, reloadUser, clearSession }),
    [status, user, signIn, signUp, signOut, acceptSession, reloadUser, clearSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used inside <AuthProvider>");
  return ctx;
}

/** For tests and stories: provide a fixed auth state. */
export const AuthContextForTests = AuthContext;
