import type { ReactElement, ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "@/components/ui/toaster";
import { AuthContextForTests, type AuthStatus } from "@/shared/auth/auth-context";
import { SubscriptionDialogProvider } from "@/shared/billing/subscription-dialog";
import type { ApiUser } from "@/lib/domain";

export const testUser: ApiUser = {
  id: "u1",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  profileImageUrl: null,
  emailVerified: true,
  isOperator: false,
};

/** Render inside a fresh QueryClient, a memory router, a fixed auth state and the toaster. */
export function renderWithApp(
  ui: ReactElement,
  { user = null, path = "/", status }: { user?: ApiUser | null; path?: string; status?: AuthStatus } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const location = memoryLocation({ path, record: true });
  const noop = async () => {
    throw new Error("not in this test");
  };
  const auth = {
    status: status ?? (user ? "signedIn" : "signedOut"),
    user,
    signIn: noop,
    signUp: noop,
    signOut: async () => {},
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
