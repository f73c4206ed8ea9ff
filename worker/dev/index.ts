/** The dev area's public module: `/api/dev`, the local mailbox (development only). */
export { devRoutes } from "./routes";
