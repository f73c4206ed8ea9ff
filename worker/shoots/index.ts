/** The shoots area's public module: `/api/shoots` (a shoot's ZIP included), and finishing a shoot with its last picture. */
export { shootRoutes } from "./routes";
export { finishShoot, finishShootsOf } from "./finish";
