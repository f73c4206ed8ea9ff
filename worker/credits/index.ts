/**
 * The credits area's public module: the ledger (the only writer of `credits`) and the allowance
 * ("what may this person do now"). Other areas import from here.
 */
export { openCredits, grantFreeGenerations, chargeGenerations, refundGenerations, type Refund } from "./ledger";
export { allowanceOf, chargesFreeGenerations, hasPaidFeatures, hasPaidAccess, readCredits, refuseDownloadBeyondPlan, type Allowance, type CreditsAnswer } from "./allowance";
