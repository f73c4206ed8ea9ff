import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import type { ApiPlan, ApiSubscription } from "@/lib/domain";
import { answerNull, json, stubApi, type StubTable } from "@/test/stub-api";
import { renderWithApp, testUser } from "@/test/render";
import { subscriptionQuery } from "@/shared/api/get-subscription";
import { pixel } from "@/shared/pixel/pixel";
import { useCheckoutReturn, usePortalReturn } from "./use-billing-returns";
import { teamPrice } from "@/test/prices";

const stub = <const Table extends StubTable<Table>>(table: Table) => stubApi(table, { fallback: answerNull });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  pixel.setConsent("denied");
});

const active: ApiSubscription = {
  status: "active",
  entitled: true,
  live: true,
  planType: "monthly",
  stripePriceId: "price_m",
  currentPeriodEnd: new Date(Date.now() + 86_400_000).toISOString(),
  cancelAtPeriodEnd: false,
};

function Plan() {
  const { data } = useQuery(subscriptionQuery());
  return <p>plan: {data ? data.planType : "free"}</p>;
}

describe("returns from Stripe's pages", () => {
  it("checkout success syncs the subscription at once, shows it without a reload and cleans the URL", async () => {
    let synced = false;
    const calls = stub({
      "GET /api/stripe/subscription": () => (synced ? json(active) : answerNull()),
      "POST /api/stripe/sync-subscription": () => {
        synced = true;
        return json({ success: true });
      },
    });
    function Dashboard() {
      useCheckoutReturn();
      return <Plan />;
    }
    const { location } = renderWithApp(<Dashboard />, { user: testUser, path: "/dashboard?checkout=success&session_id=cs_test_1" });
    expect(await screen.findByText("plan: free")).toBeTruthy();
    expect(await screen.findByText("plan: monthly")).toBeTruthy();
    expect(await screen.findByText("Subscription Activated")).toBeTruthy();
    expect(calls.filter((c) => c.key === "POST /api/stripe/sync-subscription")).toHaveLength(1);
    await waitFor(() => expect(location.history?.at(-1)).toBe("/dashboard"));
  });

  it("a started subscription is the pixel's Purchase at today's price of its plan, once the visitor has consented", async () => {
    pixel.setConsent("granted");
    const events = vi.spyOn(console, "info").mockImplementation(() => {});
    events.mockClear(); // the PageView of accepting
    const monthly: ApiPlan = {
      id: "monthly",
      name: "Monthly",
      priceId: "price_m2",
      amountCents: 3499, // not the launch price (29.99): the price was changed
      currency: "EUR",
      period: "month",
      periodDays: 30,
      dailyPrice: "1.17",
      description: "Most popular choice",
      popular: true,
      features: ["Unlimited generations"],
      upcoming: null,
    };
    stub({
      "GET /api/stripe/subscription": () => json(active),
      "GET /api/stripe/plans": () => json({ plans: [monthly], team: teamPrice() }),
      "POST /api/stripe/sync-subscription": () => json({ success: true }),
    });
    function Dashboard() {
      useCheckoutReturn();
      return <Plan />;
    }
    renderWithApp(<Dashboard />, { user: testUser, path: "/dashboard?checkout=success&session_id=cs_test_2" });
    await waitFor(() =>
      expect(events).toHaveBeenCalledWith("[pixel]", "Purchase", { content_name: "monthly", value: 34.99, currency: "EUR" }),
    );
    expect(events.mock.calls.filter((c) => c[1] === "Purchase")).toHaveLength(1);
  });

  it("a portal return refreshes the subscription, says 'Subscription Updated' and cleans the URL", async () => {
    // The first read is the cached state from before the portal; only a refresh reads again.
    let reads = 0;
    stub({ "GET /api/stripe/subscription": () => json(reads++ === 0 ? active : { ...active, planType: "yearly" }) });
    function CachedPlan() {
      const { data } = useQuery({ ...subscriptionQuery(), staleTime: Infinity });
      return <p>plan: {data?.planType}</p>;
    }
    function Account() {
      usePortalReturn();
      return <CachedPlan />;
    }
    const { location } = renderWithApp(<Account />, { user: testUser, path: "/account" });
    expect(await screen.findByText("plan: monthly")).toBeTruthy();
    expect(screen.queryByText("Subscription Updated")).toBeNull();
    act(() => location.navigate("/account?portal=return"));
    expect(await screen.findByText("Subscription Updated")).toBeTruthy();
    expect(await screen.findByText("plan: yearly")).toBeTruthy();
    await waitFor(() => expect(location.history?.at(-1)).toBe("/account"));
  });
});
