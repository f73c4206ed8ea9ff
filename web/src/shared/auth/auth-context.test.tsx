import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { setAccessToken } from "@/api/client";
import { testUser } from "@/test/render";
import { AuthProvider, resetAuthBootForTests, useAuth } from "./auth-context";
import { ProtectedRoute } from "./protected-route";

function Status() {
  const { status, user } = useAuth();
  return <p>{`${status}:${user?.email ?? "-"}`}</p>;
}

function mount(children: React.ReactNode, path = "/") {
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Router hook={location.hook}>
        <AuthProvider>{children}</AuthProvider>
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

beforeEach(() => {
  resetAuthBootForTests();
  setAccessToken(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setAccessToken(null);
});

describe("AuthProvider", () => {
  it("restores the session from the refresh cookie, then loads the user with the bearer token", async () => {
    const seen: Array<{ url: string; auth: string | null }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        seen.push({ url, auth: new Headers(init.headers).get("Authorization") });
        if (url === "/api/auth/session") return new Response(JSON.stringify({ user: testUser, accessToken: "tok" }));
        if (url === "/api/auth/user") return new Response(JSON.stringify({ ...testUser, firstName: "Augusta" }));
        return new Response("null");
      }),
    );
    mount(<Status />);
    expect(screen.getByText("loading:-")).toBeTruthy();
    await waitFor(() => expect(screen.getByText(`signedIn:${testUser.email}`)).toBeTruthy());
    expect(seen.map((s) => s.url)).toEqual(["/api/auth/session", "/api/auth/user"]);
    expect(seen[1]!.auth).toBe("Bearer tok");
  });

  it("is signed out when there is no session (200 null), and protected routes redirect to /auth", async () => {
    const fetch = vi.fn(async () => new Response("null", { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const location = mount(
      <ProtectedRoute>
        <p>secret</p>
      </ProtectedRoute>,
      "/dashboard",
    );
    expect(screen.getByRole("status")).toBeTruthy(); // spinner while loading
    await waitFor(() => expect(location.history!.at(-1)).toBe("/auth"));
    expect(screen.queryByText("secret")).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1); // no user lookup, no refresh attempt
  });
});
