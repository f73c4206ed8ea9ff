/**
 * The credits area's public module: the ledger (the only writer of `credits`), the allowance
 * ("what may this person do now") and `/api/users/credits`. Other areas import from here.
 */
export { creditsRoutes } from "./routes";
export { openCredits, grantFreeGenerations, chargeGenerations, chargeStatement, chargedAll, refundGenerations } from "./ledger";
export type { Allowance } from "./allowance";
export {
  allowanceOf,
  allowanceOfRows,
  allowanceStatements,
  chargesFreeGenerations,
  hasPaidFeatures,
  hasPaidAccess,
  refuseDownloadBeyondPlan,
} from "./allowance";
export { fairUsePlanOf, fairUseRefusal, fairUseRowStatement, heldAt, takeFairUse, takeStatement } from "./fair-use";
export { freeRedosTaken, recordFreeRedo } from "./free-redos";
