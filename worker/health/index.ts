/** The health area's public module: `/api/health`. */
export { healthRoutes } from "./routes";
