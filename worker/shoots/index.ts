/** The shoots area's public module: `/api/shoots`, the shoot ZIP routes, and finishing a shoot with its last picture. */
export { shootRoutes, zipRoutes } from "./routes";
export { finishShoot, finishShootsOf } from "./finish";
