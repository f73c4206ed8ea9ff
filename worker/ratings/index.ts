/** The ratings area's public module: a headshot's rating routes, mounted by headshots under `/api/headshots/:id/rating`. */
export { ratingRoutes } from "./routes";
