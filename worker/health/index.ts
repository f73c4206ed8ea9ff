/** The health area's public module: `/api/health` (public liveness) and the operator's deep check. */
export { deepHealthRoutes, healthRoutes } from "./routes";
