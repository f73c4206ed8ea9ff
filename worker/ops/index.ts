/**
 * The ops area's public module (issue 38, decision 188): counters of operational events, Analytics Engine data
 * points, Monitoring's figures and the operator's alerts.
 */
export { countEvent, OPS_EVENTS, pruneOpsCounts } from "./counters";
export { modelCallOutcome, recordModelCall, recordRequest, type ModelCall } from "./analytics";
export { opsMonitoring } from "./figures";
export { sendAlerts } from "./alerts";
export { reportError, withErrorReports } from "./error-reports";
