/** The users area's public module: `/api/users` (today only `/api/users/credits`, SPEC §7). */
export { userRoutes } from "./routes";
