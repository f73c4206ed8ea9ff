/**
 * The billing area's public module: `/api/stripe` and everything that asks Stripe or reads its copy in
 * our tables: whose subscription counts (a person's and a team's), prices and price changes, the
 * Team plan's seats at Stripe, the money-back refund.
 */
export { billingRoutes } from "./routes";
export { refundEligibility, refundFirstSubscription } from "./money-back";
export { cancelAllSubscriptions, syncCustomerLocale } from "./plan-changes";
export { earliestEffectiveDate, latestEffectiveDate } from "./price-changes/rules";
export { listPriceChanges, schedulePriceChange } from "./price-changes/stripe-prices";
export { noticesOwed, sendNoticeBatch } from "./price-changes/notices";
export { resumePriceChangeNotices } from "./price-changes/resume";
export { sendWithdrawalBatch, withdrawalsOwed, withdrawPriceChange } from "./price-changes/withdrawals";
export { PLAN_BUSY_DELAY_SECONDS } from "./price-changes/leases";
export { loadPriceBook } from "./prices";
export { stripeClient } from "./stripe";
export {
  SHOWN_ORDER,
  hasActiveSubscription,
  paidTeamSeat,
  paidTeamSeatStatement,
  seatsToFill,
  shownFrom,
  shownOf,
  shownRank,
  shownSubscription,
  shownSubscriptionStatement,
  teamSubscriptionOf,
  type ShownSubscription,
} from "./subscription";
export { recordInvoice } from "./sync";
export {
  changeTeamSeats,
  createTeamCheckout,
  endTeamSubscriptionNow,
  holdSeatCut,
  restoreSeatCut,
  setTeamCancel,
  teamSeatsPreview,
} from "./team-billing";
