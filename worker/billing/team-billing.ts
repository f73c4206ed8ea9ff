/**
 * The Team plan at Stripe (issue 25): buying seats through Checkout with a quantity, adding seats now
 * (the prorated difference charged at once), removing seats at the period end (a schedule; never below
 * the members and open invitations), cancelling at the period end, and what adding seats would charge.
 * Each call then syncs what Stripe says (./sync.ts), so the answer already shows it.
 * The team's owner pays: the owner's Stripe customer is the team's.
 */
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db";
import { subscriptions } from "../../db/schema";
import { CURRENCY, TEAM_PLAN, teamMonthlyCents } from "../../domain/plans";
import { TEAM_MESSAGES } from "../../domain/teams";
import { appUrl, landings } from "../../domain/paths";
import type { Config } from "../config";
import { badRequest, conflict, refuse, said } from "../lib";
import { formatDate, formatMoney, m, type Locale } from "../../copy";
import { teamSubscriptionOf } from "./subscription";
import { ensureCustomer } from "./plan-changes";
import { cardProblem, fromUnix, idOf, paymentsUnavailable, stripeClient } from "./stripe";
import { NOTHING_PENDING, pendingOf, writeSchedule } from "./schedules";
import { loadPriceBook } from "./prices";
import { syncSubscription } from "./sync";

/** The Team plan's price today: the launch price, or the one a price change put in its place (decision 288). */
async function teamPrice(db: Db, config: Config): Promise<string> {
  const price = (await loadPriceBook(db, config)).current[TEAM_PLAN.id].priceId;
  if (!price) throw paymentsUnavailable();
  return price;
}

function seatRange(seats: number): void {
  if (!Number.isInteger(seats) || seats < TEAM_PLAN.minSeats || seats > TEAM_PLAN.maxSeats) {
    throw badRequest(said(m.errors_team_seat_range, { min: TEAM_PLAN.minSeats, max: TEAM_PLAN.maxSeats }));
  }
}

/**
 * Seats may never be fewer than the members present plus the invitations still open (`taken`, counted
 * by worker/teams, which owns members and invitations).
 */
function notBelowTaken(seats: number, taken: number): void {
  if (seats < taken) throw conflict(TEAM_MESSAGES.seatsBelowMembers);
}

/** Checkout for `seats` seats; refused while the team has a live subscription (seats are changed instead). */
export async function createTeamCheckout(
  db: Db,
  config: Config,
  appOrigin: string,
  team: { id: string; ownerUserId: string },
  seats: number,
  taken: number,
  /** the language Checkout opens in (the owner's: worker/lib/locale.ts viewerLocale; issue 50) */
  locale: Locale,
) {
  seatRange(seats);
  const price = await teamPrice(db, config);
  const current = await teamSubscriptionOf(db, team.id);
  if (current?.live) throw conflict(TEAM_MESSAGES.teamHasSubscription);
  notBelowTaken(seats, taken);
  const customer = await ensureCustomer(db, config, team.ownerUserId);
  const session = await stripeClient(config).checkout.sessions.create({
    mode: "subscription",
    customer,
    locale,
    client_reference_id: team.ownerUserId,
    line_items: [{ price, quantity: seats }],
    metadata: { teamId: team.id, userId: team.ownerUserId },
    subscription_data: { metadata: { teamId: team.id, userId: team.ownerUserId } },
    success_url: appUrl(appOrigin, landings.teamCheckoutSuccess),
    cancel_url: appUrl(appOrigin, landings.teamCheckoutCanceled),
  });
  if (!session.url) throw refuse("upstream_failed", said(m.errors_no_checkout_url));
  return { type: "checkout" as const, url: session.url };
}

/** The team's live subscription as Stripe has it; a 409 without one, or while a payment has failed. */
async function liveTeamSubscription(db: Db, config: Config, teamId: string) {
  const current = await teamSubscriptionOf(db, teamId);
  if (!current?.live) throw conflict(TEAM_MESSAGES.noTeamSubscription, "team_not_paid");
  if (!current.entitled) throw conflict(said(m.errors_team_payment_failed));
  const stripe = stripeClient(config);
  const sub = await stripe.subscriptions.retrieve(current.stripeSubscriptionId);
  return { stripe, sub, item: sub.items.data[0]! };
}

const addSeatsChange = (itemId: string, seats: number) => ({
  items: [{ id: itemId, quantity: seats }],
  proration_behavior: "always_invoice" as const,
});

/**
 * A seat cut reserved in our database before Stripe is asked (worker/teams/seats.ts `reserveSeatCut`): under the
 * team's lock, refused below the members and open invitations, and counted at once by every join and invitation.
 * `undo` gives the seats back when Stripe refuses the cut.
 */
export type ReserveSeatCut = (seats: number, at: Date) => Promise<{ undo: () => Promise<void> }>;

/**
 * Changes the number of seats. More seats: now, the prorated difference charged at once (a pending
 * reduction is dropped first). Fewer: at the period end, through a schedule, never below the members
 * and open invitations: reserved first (`reserve`), so no join or invitation takes a seat the cut removes
 * while Stripe is asked (issue 46). The same number drops a pending reduction.
 */
export async function changeTeamSeats(
  db: Db,
  config: Config,
  team: { id: string; ownerUserId: string },
  seats: number,
  reserve: ReserveSeatCut,
  /** the language of the answer's message (the owner's: worker/lib/locale.ts viewerLocale) */
  locale: Locale,
): Promise<{ seats: number; message: string }> {
  seatRange(seats);
  const seatWords = (count: number) => m.team_seat_count({ count }, { locale });
  const teamId = team.id;
  const { stripe, sub, item } = await liveTeamSubscription(db, config, teamId);
  await ensureCustomer(db, config, team.ownerUserId); // the invoice of added seats in the owner's language (decision 440)
  const current = item.quantity ?? 1;
  const scheduleId = idOf(sub.schedule);

  // a price change's schedule may be attached (./price-changes/schedules.ts): a seat change keeps its date and marker
  const price = scheduleId ? pendingOf(await stripe.subscriptionSchedules.retrieve(scheduleId), item).price : null;

  if (seats === current) {
    if (!scheduleId) throw conflict(said(m.errors_team_already_has_seats, { count: seats }));
    await writeSchedule(stripe, sub.id, scheduleId, { ...NOTHING_PENDING, price });
    await syncSubscription(db, config, sub.id);
    return { seats, message: m.billing_team_seats_kept({ seats: seatWords(seats) }, { locale }) };
  }
  if (seats > current) {
    // Released first: the added seats are charged now, outside any phase. A pending price change is
    // scheduled again, from the same notice and to the same renewal, by the settle after the webhooks.
    await writeSchedule(stripe, sub.id, scheduleId, NOTHING_PENDING);
    try {
      await stripe.subscriptions.update(sub.id, { ...addSeatsChange(item.id, seats), payment_behavior: "error_if_incomplete" });
    } catch (err) {
      await syncSubscription(db, config, sub.id);
      cardProblem(err);
    }
    // A settle that ran between the release and the update (the release's own webhook) put the price change
    // back with the seats of before: its phases take today's seats, or the added ones are gone at the switch.
    const now = await stripe.subscriptions.retrieve(sub.id);
    const attached = idOf(now.schedule);
    if (attached) {
      const again = pendingOf(await stripe.subscriptionSchedules.retrieve(attached), now.items.data[0]!).price;
      await writeSchedule(stripe, sub.id, attached, { ...NOTHING_PENDING, price: again });
    }
    await syncSubscription(db, config, sub.id);
    return { seats, message: m.billing_team_seats_added({ seats: seatWords(seats) }, { locale }) };
  }

  const periodEnd = item.current_period_end;
  const { undo } = await reserve(seats, fromUnix(periodEnd)!);
  try {
    await writeSchedule(stripe, sub.id, scheduleId, { ...NOTHING_PENDING, seats: { quantity: seats, at: periodEnd }, price });
  } catch (err) {
    await undo();
    if (err instanceof Stripe.errors.StripeError) throw refuse("upstream_failed", TEAM_MESSAGES.seatCutNotMade);
    throw err;
  }
  await syncSubscription(db, config, sub.id);
  return {
    seats: current,
    message: m.billing_team_seats_cut(
      { seats: seatWords(seats), date: formatDate(fromUnix(periodEnd)!, locale, "long", { timeZone: "UTC" }), current: seatWords(current) },
      { locale },
    ),
  };
}

/**
 * Writes a seat cut onto the team's subscription row as its scheduled seats, before Stripe has it: `seatsToFill`
 * then counts it for every join and invitation (the caller holds the team's lock). Never more seats than are
 * scheduled already, so a reservation never frees a seat Stripe has not confirmed. Answers what to restore.
 */
export async function holdSeatCut(
  tx: Tx,
  teamId: string,
  seats: number,
  at: Date,
): Promise<{ scheduledSeats: number | null; scheduledAt: Date | null }> {
  const current = await teamSubscriptionOf(tx, teamId);
  if (!current?.live) throw conflict(TEAM_MESSAGES.noTeamSubscription, "team_not_paid");
  const before = { scheduledSeats: current.scheduledSeats, scheduledAt: current.scheduledAt };
  await tx
    .update(subscriptions)
    .set({
      scheduledSeats: Math.min(seats, current.scheduledSeats ?? seats),
      scheduledAt: current.scheduledSeats == null ? at : current.scheduledAt,
    })
    .where(eq(subscriptions.id, current.id));
  return before;
}

/** Puts back what `holdSeatCut` replaced, when Stripe refused the cut. */
export async function restoreSeatCut(db: Db | Tx, teamId: string, before: { scheduledSeats: number | null; scheduledAt: Date | null }) {
  const current = await teamSubscriptionOf(db, teamId);
  if (current) await db.update(subscriptions).set(before).where(eq(subscriptions.id, current.id));
}

/** What adding seats up to `seats` charges now, from Stripe's preview of that very change. */
export async function teamSeatsPreview(db: Db, config: Config, teamId: string, seats: number) {
  seatRange(seats);
  const { stripe, sub, item } = await liveTeamSubscription(db, config, teamId);
  if (seats <= (item.quantity ?? 1)) throw conflict(said(m.errors_team_only_adding_seats_charged));
  const preview = await stripe.invoices.createPreview({
    customer: idOf(sub.customer)!,
    subscription: sub.id,
    subscription_details: addSeatsChange(item.id, seats),
  });
  // a month at the team's own seat price (a price change moves a team at its renewal, not before)
  const monthlyCents = teamMonthlyCents(seats, item.price.unit_amount ?? undefined);
  return { seats, amountCents: preview.amount_due, currency: preview.currency, monthlyCents };
}

/** Cancels at the period end (the team keeps its seats until then); `resume` undoes it. A pending reduction is released. */
/** `locale`: the language of the answer's message (the owner's). */
export async function setTeamCancel(
  db: Db,
  config: Config,
  team: { id: string; ownerUserId: string },
  cancel: boolean,
  locale: Locale,
): Promise<{ message: string }> {
  const current = await teamSubscriptionOf(db, team.id);
  if (!current?.live) throw conflict(TEAM_MESSAGES.noTeamSubscription, "team_not_paid");
  await ensureCustomer(db, config, team.ownerUserId); // Stripe's mails of the cancel or renewal in the owner's language
  const stripe = stripeClient(config);
  const sub = await stripe.subscriptions.retrieve(current.stripeSubscriptionId);
  if (cancel) await writeSchedule(stripe, sub.id, idOf(sub.schedule), NOTHING_PENDING);
  await stripe.subscriptions.update(sub.id, { cancel_at_period_end: cancel });
  await syncSubscription(db, config, sub.id);
  // the period's end as Stripe has it (the stored row's, or the subscription's item's)
  const date = formatDate(current.currentPeriodEnd ?? fromUnix(sub.items.data[0]!.current_period_end)!, locale, "long", {
    timeZone: "UTC",
  });
  const amount = formatMoney(teamMonthlyCents(current.scheduledSeats ?? current.seats), CURRENCY, locale);
  return {
    message: cancel ? m.billing_team_cancel_done({ date }, { locale }) : m.billing_team_resume_done({ amount, date }, { locale }),
  };
}

/** Ends a (cancelled) Team subscription now, when its team is closed (decision 141): no refund, as for a deleted account. */
export async function endTeamSubscriptionNow(db: Db, config: Config, subscriptionId: string): Promise<void> {
  const stripe = stripeClient(config);
  const sub = await stripe.subscriptions.retrieve(subscriptionId);
  if (sub.status !== "canceled") await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `team-closed-${subscriptionId}` });
  await syncSubscription(db, config, subscriptionId);
}
