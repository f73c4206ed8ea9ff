import type { ReactElement, ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "@/components/ui/toaster";
import { AuthContextForTests, type AuthStatus } from "@/shared/auth/auth-context";
import { SubscriptionDialogProvider } from "@/shared/billing/subscription-dialog";
import type { ApiHeadshot, ApiUser } from "@/lib/domain";

export const testUser: ApiUser = {
  id: "u1",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  profileImageUrl: null,
  emailVerified: true,
  isOperator: false,
  locale: null,
};

/** A finished headshot as GET /api/headshots answers it, with what a test sets laid over it. */
export function testHeadshot(over: Partial<ApiHeadshot> = {}): ApiHeadshot {
  return {
    id: "h1",
    style: "Suit",
    gender: "woman",
    status: "completed",
    moderationStatus: "approved",
    originalImageUrl: "/o/h1",
    generatedImageUrl: "/g/h1",
    likeness: null,
    refunded: false,
    unavailable: null,
    shootId: null,
    createdAt: "2026-11-20T10:00:00Z",
    kind: "generate",
    version: 1,
    versionOf: null,
    instruction: null,
    freeRedo: false,
    ...over,
  };
}

/** Render inside a fresh QueryClient, a memory router, a fixed auth state and the toaster. */
export function renderWithApp(
  ui: ReactElement,
  {
    user = null,
    path = "/",
    status,
    signIn,
  }: {
    user?: ApiUser | null;
    path?: string;
    status?: AuthStatus;
    /** what signing in answers (by default it throws: most tests never sign in) */
    signIn?: (email: string, password: string) => Promise<ApiUser>;
  } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const location = memoryLocation({ path, record: true });
  const noop = async () => {
    throw new Error("not in this test");
  };
  const auth = {
    status: status ?? (user ? "signedIn" : "signedOut"),
    user,
    signIn: signIn ?? noop,
    signUp: noop,
    signOut: async (then?: () => void) => then?.(),
    acceptSession: async () => {},
    reloadUser: async () => {},
    clearSession: () => {},
  } as const;
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <AuthContextForTests.Provider value={auth}>
            <SubscriptionDialogProvider>
              {children}
              <Toaster />
            </SubscriptionDialogProvider>
          </AuthContextForTests.Provider>
        </Router>
      </QueryClientProvider>
    );
  }
  return { ...render(ui, { wrapper: Wrapper }), location, queryClient };
}
