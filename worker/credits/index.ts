/**
 * The credits area's public module: the ledger (the only writer of `credits`), the allowance
 * ("what may this person do now") and `/api/users/credits`. Other areas import from here.
 */
export { creditsRoutes } from "./routes";
export { openCredits, grantFreeGenerations, chargeGenerations, refundGenerations } from "./ledger";
export type { Allowance } from "./allowance";
export { allowanceOf, chargesFreeGenerations, dailyCapOf, hasPaidFeatures, hasPaidAccess, refuseDownloadBeyondPlan } from "./allowance";
