/**
 * The credits area's public module: the ledger (the only writer of `credits`) and the allowance ("what may this
 * person do now"); `/api/users/credits` answers from here (worker/users). Other areas import from here.
 */
export { openCredits, grantFreeGenerations, chargeGenerations, chargeStatement, chargedAll, refundGenerations } from "./ledger";
export type { Allowance } from "./allowance";
export {
  allowanceOf,
  allowanceOfRows,
  allowanceStatements,
  chargesFreeGenerations,
  hasPaidFeatures,
  hasPaidAccess,
  readCredits,
  refuseDownloadBeyondPlan,
} from "./allowance";
export { fairUsePlanOf, fairUseRefusal, fairUseRowStatement, heldAt, takeFairUse, takeStatement } from "./fair-use";
export { freeRedosTaken, recordFreeRedo } from "./free-redos";
