/** The admin area's public module: `/api/admin`, the operator's dashboard, its figures and its audit trail. */
export { adminRoutes } from "./routes";
export { foldDayTotalShards } from "./day-totals";
