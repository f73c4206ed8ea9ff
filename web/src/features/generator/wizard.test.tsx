import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { PLANS, type ApiHeadshot, type ApiPlan } from "@/lib/domain";
import { answerNull, apiError, json, stubApi, type StubTable } from "@/test/stub-api";
import { renderWithApp, testUser } from "@/test/render";
import { useWizard } from "./use-wizard";
import { Wizard } from "./wizard";
import { teamPrice } from "@/test/prices";

vi.mock("./photo-content", async (importOriginal) => {
  const real = await importOriginal<typeof import("./photo-content")>();
  // jsdom decodes no image: every photo decodes as 800×1000 here
  const decode = async () => ({ width: 800, height: 1000 });
  return { ...real, checkPhoto: (f: File, d?: typeof decode) => real.checkPhoto(f, d ?? decode) };
});

const stub = <const Table extends StubTable<Table>>(table: Table) => stubApi(table, { fallback: answerNull });

const started = vi.fn();
function Harness() {
  const w = useWizard();
  return <Wizard state={w.state} dispatch={w.dispatch} onStarted={started} />;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const uploaded: ApiHeadshot = {
  id: "h9",
  style: "Suit",
  gender: "woman",
  status: "pending",
  moderationStatus: "pending",
  originalImageUrl: "/o",
  likeness: null,
  refunded: false,
  unavailable: null,
  shootId: null,
  createdAt: "2026-01-01T00:00:00Z",
  kind: "generate",
  version: 1,
  versionOf: null,
  instruction: null,
  freeRedo: false,
};

/** The plans as GET /api/stripe/plans answers them, the monthly one after a price change. */
const plans: ApiPlan[] = PLANS.map((p) => ({
  ...p,
  features: [...p.features],
  priceId: `price_${p.id}`,
  amountCents: p.id === "monthly" ? 3499 : p.priceCents,
  currency: "eur",
  upcoming: null,
}));

const photo = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], "me.png", { type: "image/png" });
async function choosePhoto() {
  fireEvent.change(screen.getByLabelText("Upload photo"), { target: { files: [photo()] } });
  await waitFor(() => expect(screen.getByText("me.png")).toBeTruthy());
}

async function walkToUpload() {
  fireEvent.click(screen.getByRole("radio", { name: /^woman/i }));
  expect(screen.getByText("Choose a style")).toBeTruthy();
  fireEvent.click(screen.getByRole("radio", { name: "Suit" }));
  expect(screen.getByText("Upload your photo")).toBeTruthy();
}

describe("generate wizard", () => {
  it("arrow keys move focus between style cards without choosing one", () => {
    stub({});
    renderWithApp(<Harness />, { user: testUser });
    fireEvent.click(screen.getByRole("radio", { name: /^man/i }));
    const cards = screen.getAllByRole("radio");
    expect(cards.map((c) => c.tabIndex).filter((t) => t === 0)).toHaveLength(1);
    cards[0]!.focus();
    fireEvent.keyDown(cards[0]!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(cards[1]);
    fireEvent.keyDown(cards[1]!, { key: "End" });
    expect(document.activeElement).toBe(cards.at(-1));
    expect(screen.getByText("Choose a style")).toBeTruthy();
  });

  it("walks gender → style → photo; Generate stays disabled until a photo is chosen; Change goes back", async () => {
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    stub({});
    renderWithApp(<Harness />, { user: testUser });
    await walkToUpload();
    const generate = () => screen.getByRole("button", { name: /generate headshot/i }) as HTMLButtonElement;
    expect(generate().disabled).toBe(true);
    await choosePhoto();
    expect(generate().disabled).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Change style" }));
    expect(screen.getByRole("radio", { name: "Suit" }).getAttribute("aria-checked")).toBe("true");
  });

  it("uploads, starts generation and hands over to the headshot's own URL", async () => {
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    const calls = stub({
      "POST /api/headshots/upload": json(uploaded, 201),
      "POST /api/headshots/h9/generate": json({ id: "h9", status: "processing" }, 202),
    });
    renderWithApp(<Harness />, { user: testUser });
    await walkToUpload();
    await choosePhoto();
    fireEvent.click(screen.getByRole("button", { name: /generate headshot/i }));
    await waitFor(() => expect(started).toHaveBeenCalledWith("h9"));
    expect(calls.map((c) => c.key)).toContain("POST /api/headshots/upload");
    expect(calls.map((c) => c.key)).toContain("POST /api/headshots/h9/generate");
  });

  it("402 requiresSubscription → the Subscription Required dialog with today's prices, and no red toast (issue 35)", async () => {
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    stub({
      "POST /api/headshots/upload": json(uploaded, 201),
      "POST /api/headshots/h9/generate": apiError(402, {
        error: "Payment Required",
        message: "You've used all 2 free generations. Upgrade to continue!",
        code: "subscription_required",
        requiresSubscription: true,
      }),
      "GET /api/stripe/plans": json({ plans, team: teamPrice() }),
    });
    renderWithApp(<Harness />, { user: testUser });
    await walkToUpload();
    await choosePhoto();
    fireEvent.click(screen.getByRole("button", { name: /generate headshot/i }));
    const dialog = await screen.findByRole("dialog", { name: "Subscription Required" });
    expect(dialog.textContent).toContain("You've used all 2 free generations.");
    // what a subscription really adds; free users already have every style
    for (const item of ["Unlimited generations", "No watermark", "High-resolution downloads", "Priority support"]) {
      expect(dialog.textContent).toContain(item);
    }
    expect(dialog.textContent).not.toMatch(/10 styles/);
    await waitFor(() =>
      expect(within(dialog).getByRole("list", { name: "Plans" }).textContent).toBe(
        "Weekly€9.99a weekMonthly€34.99a monthYearly€60.00a year",
      ),
    );
    expect(screen.queryByText("Free Credits Used")).toBeNull(); // no toast to follow them onto /pricing
    expect(screen.getByRole("button", { name: "Maybe Later" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "View Plans" })).toBeTruthy();
    // back on the upload step, photo kept
    expect(screen.getByText("Upload your photo")).toBeTruthy();
  });

  it("no free generations left: said before step 1, calmly, with the prices one tap away (issue 35)", async () => {
    stub({
      "GET /api/users/credits": json({ remaining: 0, totalUsed: 2, isVerified: true, teamSeat: false }),
      "GET /api/stripe/plans": json({ plans, team: teamPrice() }),
    });
    renderWithApp(<Harness />, { user: testUser });
    const notice = await screen.findByRole("status");
    expect(notice.textContent).toContain("You've used your 2 free generations.");
    expect(notice.className).not.toMatch(/destructive/);
    expect(screen.queryByRole("radio", { name: /^woman/i })).toBeNull(); // nothing to choose that could not be generated
    fireEvent.click(within(notice).getByRole("button", { name: "See plans and prices" }));
    const dialog = await screen.findByRole("dialog", { name: "Subscription Required" });
    await waitFor(() => expect(within(dialog).getByRole("list", { name: "Plans" }).textContent).toContain("Monthly€34.99a month"));
  });

  it("checks verification and credits before uploading: nothing is uploaded that could not be generated", async () => {
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    const calls = stub({ "GET /api/users/credits": json({ remaining: 0, totalUsed: 0, isVerified: false, teamSeat: false }) });
    renderWithApp(<Harness />, { user: testUser });
    await walkToUpload();
    await choosePhoto();
    fireEvent.click(screen.getByRole("button", { name: /generate headshot/i }));
    await waitFor(() => expect(screen.getByText("Email Verification Required")).toBeTruthy());
    expect(calls.map((c) => c.key)).toContain("GET /api/users/credits");
    expect(calls.map((c) => c.key)).not.toContain("POST /api/headshots/upload");
    expect(screen.getByText("Upload your photo")).toBeTruthy();
  });

  it("free generations used meanwhile (another tab): the Subscription Required dialog, and no upload", async () => {
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    let reads = 0;
    const calls = stub({
      "GET /api/users/credits": () =>
        json({ remaining: reads++ === 0 ? 1 : 0, totalUsed: reads > 1 ? 2 : 1, isVerified: true, teamSeat: false }),
    });
    renderWithApp(<Harness />, { user: testUser });
    await walkToUpload();
    await choosePhoto();
    fireEvent.click(screen.getByRole("button", { name: /generate headshot/i }));
    expect(await screen.findByRole("dialog", { name: "Subscription Required" })).toBeTruthy();
    expect(calls.map((c) => c.key)).not.toContain("POST /api/headshots/upload");
  });

  it("a style preselected on an audience page: step 1 offers Continue, not a Back that moves forward (issue 35)", () => {
    stub({});
    function Preselected() {
      const w = useWizard();
      const { dispatch } = w;
      useEffect(() => dispatch({ type: "preselect", style: "Suit" }), [dispatch]);
      return <Wizard state={w.state} dispatch={w.dispatch} onStarted={started} />;
    }
    renderWithApp(<Preselected />, { user: testUser });
    expect(screen.getByText("Choose your gender")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /back/i })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Choose a style")).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Suit" }).getAttribute("aria-checked")).toBe("true");
  });
});
