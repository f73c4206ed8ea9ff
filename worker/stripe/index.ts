/** The Stripe area's public module: `/api/stripe` (SPEC §7 Billing). The routes are this area's; the work is worker/billing's (issue 49). */
export { stripeRoutes } from "./routes";
