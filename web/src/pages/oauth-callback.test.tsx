import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { renderWithApp, testUser } from "@/test/render";
import { rememberNext } from "@/shared/auth/pending-next";
import { OAuthCallbackPage } from "./oauth-callback";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answerSession(res: () => Response | Promise<Response>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => res()),
  );
}

describe("/oauth/callback (SPEC §2)", () => {
  it("shows 'Completing sign in...' and goes to /dashboard when a session exists", async () => {
    answerSession(() => new Response(JSON.stringify({ user: testUser, accessToken: "t" }), { status: 200 }));
    const { location } = renderWithApp(<OAuthCallbackPage />, { path: "/oauth/callback" });
    expect(screen.getByText("Completing sign in...")).toBeTruthy();
    await waitFor(() => expect(location.history!.at(-1)).toBe("/dashboard"));
  });

  it("a Google sign-in started from a team link's page goes back there, once (issue 46)", async () => {
    answerSession(() => new Response(JSON.stringify({ user: testUser, accessToken: "t" }), { status: 200 }));
    rememberNext("/team/capture?token=abc");
    const { location } = renderWithApp(<OAuthCallbackPage />, { path: "/oauth/callback" });
    await waitFor(() => expect(location.history!.at(-1)).toBe("/team/capture?token=abc"));
    cleanup();
    rememberNext("https://evil.test/team/capture?token=abc"); // never kept
    const again = renderWithApp(<OAuthCallbackPage />, { path: "/oauth/callback" });
    await waitFor(() => expect(again.location.history!.at(-1)).toBe("/dashboard"));
  });

  it("no session (200 null) → /auth", async () => {
    answerSession(() => new Response("null", { status: 200 }));
    const { location } = renderWithApp(<OAuthCallbackPage />, { path: "/oauth/callback" });
    await waitFor(() => expect(location.history!.at(-1)).toBe("/auth"));
  });

  it("lookup error → /auth?error=oauth_error", async () => {
    answerSession(() => new Response("boom", { status: 500 }));
    const { location } = renderWithApp(<OAuthCallbackPage />, { path: "/oauth/callback" });
    await waitFor(() => expect(location.history!.at(-1)).toBe("/auth?error=oauth_error"));
  });

  it("unexpected failure → /auth?error=unexpected_error", async () => {
    answerSession(() => new Response("not json", { status: 200 }));
    const { location } = renderWithApp(<OAuthCallbackPage />, { path: "/oauth/callback" });
    await waitFor(() => expect(location.history!.at(-1)).toBe("/auth?error=unexpected_error"));
  });
});
