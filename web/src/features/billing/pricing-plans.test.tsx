import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { FAIR_USE, type ApiPlan, type ApiSubscription } from "@/lib/domain";
import { answerNull, apiError, failure, json, stubApi, type StubTable } from "@/test/stub-api";
import { renderWithApp, testUser } from "@/test/render";
import { PricingPlans } from "./pricing-plans";
import { teamPrice } from "@/test/prices";
import { setLocale } from "@/lib/copy";

const stub = <const Table extends StubTable<Table>>(table: Table) => stubApi(table, { fallback: answerNull });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLocale("en", { reload: false });
});

const PLANS: ApiPlan[] = [
  {
    id: "weekly",
    name: "Weekly",
    priceId: "price_w",
    amountCents: 999,
    currency: "EUR",
    period: "week",
    periodDays: 7,
    dailyPrice: "1.43",
    description: "Perfect for a quick refresh",
    popular: false,
    features: ["Unlimited generations"],
    upcoming: null,
  },
  {
    id: "monthly",
    name: "Monthly",
    priceId: "price_m",
    amountCents: 2999,
    currency: "EUR",
    period: "month",
    periodDays: 30,
    dailyPrice: "1.00",
    description: "Most Popular",
    popular: true,
    features: ["Unlimited generations"],
    upcoming: null,
  },
  {
    id: "yearly",
    name: "Yearly",
    priceId: "price_y",
    amountCents: 6000,
    currency: "EUR",
    period: "year",
    periodDays: 365,
    dailyPrice: "0.16",
    description: "Best value - Save 83%",
    popular: false,
    features: ["Unlimited generations"],
    upcoming: null,
  },
];
const future = new Date(Date.now() + 10 * 86_400_000).toISOString();

const base = (subscription: ApiSubscription | null = null) => ({
  "GET /api/stripe/plans": json({ plans: PLANS, team: teamPrice() }),
  "GET /api/stripe/subscription": json(subscription),
});

describe("pricing cards", () => {
  it("speak the page's language: plan names, lines, prices per period and per day, a price change's date (issue 50)", async () => {
    setLocale("de", { reload: false });
    const upcoming = { amountCents: 3499, effectiveDate: "2027-03-05T00:00:00Z" };
    stub({
      ...base(),
      "GET /api/stripe/plans": json({ plans: PLANS.map((p) => (p.id === "monthly" ? { ...p, upcoming } : p)), team: teamPrice() }),
    });
    renderWithApp(<PricingPlans />, { user: testUser });
    const monthly = await screen.findByRole("group", { name: "Monatlich" });
    expect(monthly.textContent).toContain("Neue Porträts den ganzen Monat lang");
    expect(monthly.textContent).toContain("29,99\u00a0€ / Monat");
    expect(monthly.textContent).toContain("1,00\u00a0€ pro Tag");
    expect(monthly.textContent).toContain("Ab dem 5. März 2027: 34,99\u00a0€ / Monat");
    expect(screen.getByRole("group", { name: "Jährlich" }).querySelector("p")?.textContent).toBe("Bester Preis – 83 % sparen");
    expect(screen.getByRole("button", { name: "Abonnieren: Wöchentlich" })).toBeTruthy();
  });

  it("shows three plans from the API with Monthly marked and the current plan badged", async () => {
    stub(
      base({
        status: "active",
        planType: "weekly",
        stripePriceId: "price_w",
        currentPeriodEnd: future,
        cancelAtPeriodEnd: false,
        entitled: true,
        live: true,
      }),
    );
    renderWithApp(<PricingPlans />, { user: testUser });
    expect(await screen.findByRole("group", { name: "Monthly" })).toBeTruthy();
    expect(screen.getAllByText("Most Popular")).toHaveLength(1);
    // every card has the line under its name, so the prices line up (issue 35: Monthly's sat higher)
    expect(["Weekly", "Monthly", "Yearly"].map((name) => screen.getByRole("group", { name }).querySelector("p")?.textContent)).toEqual([
      "Perfect for a quick refresh",
      "Fresh headshots all month long",
      expect.stringMatching(/^Best value - Save \d+%$/),
    ]);
    expect(screen.getAllByText("Current Plan")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Your Plan: Weekly" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Upgrade: Monthly" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Upgrade: Yearly" })).toBeTruthy();
    // "Unlimited" says its fair-use allowance, from domain/limits.ts (issue 23, decision 295)
    for (const [name, id] of [
      ["Weekly", "weekly"],
      ["Monthly", "monthly"],
      ["Yearly", "yearly"],
    ] as const) {
      const unlimited = within(screen.getByRole("list", { name: `${name} includes` })).getByText("Unlimited generations", { exact: false });
      expect(unlimited.textContent).toBe(
        `Unlimited generationsFair use: up to ${FAIR_USE[id].atOnce} pictures at once, then ${FAIR_USE[id].refill} a ${FAIR_USE[id].per}`,
      );
    }
  });

  it("checkout sends the plan's price id from the API", async () => {
    const calls = stub({ ...base(), "POST /api/stripe/create-checkout-session": json({ type: "checkout", url: "" }) });
    renderWithApp(<PricingPlans />, { user: testUser });
    fireEvent.click(await screen.findByRole("button", { name: "Subscribe: Yearly" }));
    expect(await screen.findByText("No checkout URL received")).toBeTruthy();
    expect(calls.find((c) => c.key === "POST /api/stripe/create-checkout-session")?.body).toEqual({ priceId: "price_y" });
  });

  it("names an unexpected answer", async () => {
    stub({ ...base(), "POST /api/stripe/create-checkout-session": json({ type: "upgrade", message: "?" }) });
    renderWithApp(<PricingPlans />, { user: testUser });
    fireEvent.click(await screen.findByRole("button", { name: "Subscribe: Monthly" }));
    expect(await screen.findByText("Unexpected response type")).toBeTruthy();
  });

  it("a failed checkout says 'Operation Failed' with the server's message, else the fallback", async () => {
    stub({ ...base(), "POST /api/stripe/create-checkout-session": () => failure(500, "Internal Server Error") });
    renderWithApp(<PricingPlans />, { user: testUser });
    fireEvent.click(await screen.findByRole("button", { name: "Subscribe: Monthly" }));
    expect(await screen.findByText("Operation Failed")).toBeTruthy();
    expect(screen.getByText("Failed to create checkout session")).toBeTruthy();
  });

  it("a failed downgrade says 'Operation Failed' with 'Failed to schedule downgrade'", async () => {
    stub({
      ...base({
        status: "active",
        planType: "yearly",
        stripePriceId: "price_y",
        currentPeriodEnd: future,
        cancelAtPeriodEnd: false,
        entitled: true,
        live: true,
      }),
      "POST /api/stripe/change-subscription": () => failure(502, "Bad Gateway"),
    });
    renderWithApp(<PricingPlans />, { user: testUser });
    fireEvent.click(await screen.findByRole("button", { name: "Downgrade: Weekly" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Downgrade to Weekly?" });
    expect(dialog.textContent).toContain("Nothing is charged today");
    fireEvent.click(screen.getByRole("button", { name: "Schedule downgrade" }));
    expect(await screen.findByText("Failed to schedule downgrade")).toBeTruthy();
  });

  it("signed out: 'Authentication Required' / 'Please log in to subscribe' and back to /", async () => {
    const calls = stub(base());
    const { location } = renderWithApp(<PricingPlans />, { user: null, path: "/pricing" });
    fireEvent.click(await screen.findByRole("button", { name: "Subscribe: Monthly" }));
    expect(await screen.findByText("Authentication Required")).toBeTruthy();
    expect(screen.getByText("Please log in to subscribe")).toBeTruthy();
    await waitFor(() => expect(location.history?.at(-1)).toBe("/"));
    expect(calls.some((c) => c.key.startsWith("POST"))).toBe(false);
  });

  it("past due: says the payment failed and offers the portal instead of a second checkout", async () => {
    stub(
      base({
        status: "past_due",
        planType: "monthly",
        stripePriceId: "price_m",
        currentPeriodEnd: future,
        cancelAtPeriodEnd: false,
        entitled: false,
        live: true,
      }),
    );
    renderWithApp(<PricingPlans />, { user: testUser });
    expect(await screen.findByText("Your last payment failed")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Manage Billing" })).toBeTruthy();
  });

  it("a plan canceled at the period end: when it ends and how to renew it, and no plan change offered (issue 46)", async () => {
    const ends = "2027-03-05T10:00:00.000Z";
    stub(
      base({
        status: "active",
        planType: "monthly",
        stripePriceId: "price_m",
        currentPeriodEnd: ends,
        cancelAtPeriodEnd: true,
        entitled: true,
        live: true,
      }),
    );
    renderWithApp(<PricingPlans />, { user: testUser });
    const alert = (await screen.findByText("Your Monthly plan is canceled")).closest("[role=status]")!;
    expect(alert.textContent).toContain(
      "It ends on 5 March 2027. You keep its paid features until then, and it won't renew or charge you again.",
    );
    expect(within(alert as HTMLElement).getByRole("button", { name: "Manage Billing" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^(Upgrade|Downgrade|Subscribe|Your Plan):/ })).toBeNull();
    expect(within(screen.getByRole("group", { name: "Monthly" })).getByText("Canceled: ends on 5 March 2027")).toBeTruthy();
    for (const name of ["Weekly", "Yearly"])
      expect(
        within(screen.getByRole("group", { name })).getByText("Renew your plan to switch, or choose this one after 5 March 2027."),
      ).toBeTruthy();
  });

  it("a plan canceled in another tab: the server's refusal is said, and the page redraws with the plan that ends (issue 46)", async () => {
    let canceled = false;
    const sub = () =>
      json({
        status: "active",
        planType: "monthly",
        stripePriceId: "price_m",
        currentPeriodEnd: future,
        cancelAtPeriodEnd: canceled,
        entitled: true,
        live: true,
      });
    stub({
      ...base(),
      "GET /api/stripe/subscription": sub,
      "GET /api/stripe/upgrade-preview": json({ planType: "yearly", amountCents: 3001, currency: "eur" }),
      "POST /api/stripe/change-subscription": () => {
        canceled = true;
        return apiError(409, {
          error: "Conflict",
          message:
            "Your Monthly plan is canceled and ends on March 5, 2027. To change plans, first renew it with Manage Billing on your account page.",
          code: "subscription_canceled",
        });
      },
    });
    renderWithApp(<PricingPlans />, { user: testUser });
    fireEvent.click(await screen.findByRole("button", { name: "Upgrade: Yearly" }));
    fireEvent.click(await screen.findByRole("button", { name: "Upgrade and pay €30.01 now" }));
    expect(await screen.findByText("Your plan is canceled")).toBeTruthy();
    expect(screen.getByText(/first renew it with Manage Billing/)).toBeTruthy();
    expect(await screen.findByText("Your Monthly plan is canceled")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upgrade: Yearly" })).toBeNull();
  });

  it("shows an error with a retry when the plans cannot be loaded", async () => {
    stub({ "GET /api/stripe/plans": () => failure(503, "Service Unavailable"), "GET /api/stripe/subscription": json(null) });
    renderWithApp(<PricingPlans />, { user: testUser });
    expect(await screen.findByText("We couldn't load the plans")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
