/**
 * The billing area's public module: what `/api/stripe` (worker/stripe/) and the other areas use, everything that asks Stripe or reads its copy in
 * our tables: whose subscription counts (a person's and a team's), prices and price changes, the
 * Team plan's seats at Stripe, the money-back refund.
 */
export {
  cancelAllSubscriptions,
  cancelDowngrade,
  changePlan,
  createCheckout,
  createPortal,
  listInvoices,
  pendingPlanChange,
  syncCustomerLocale,
  syncUser,
  upgradePreview,
} from "./plan-changes";
export { settleSubscriptions } from "./settle";
export { handleWebhook } from "./webhook";
export { refundEligibility, refundFirstSubscription } from "./money-back";
export { earliestEffectiveDate, latestEffectiveDate } from "./price-changes/rules";
export { listPriceChanges, schedulePriceChange } from "./price-changes/stripe-prices";
export { noticesOwed, sendNoticeBatch } from "./price-changes/notices";
export { resumePriceChangeNotices } from "./price-changes/resume";
export { sendWithdrawalBatch, withdrawalsOwed, withdrawPriceChange } from "./price-changes/withdrawals";
export { PLAN_BUSY_DELAY_SECONDS } from "./price-changes/leases";
export { loadPriceBook, requirePlanForPrice } from "./prices";
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
  teamCover,
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
