/** The account area's public module: `/api/account` (a person's own settings) and `deleteUser`, the one way a user is deleted. */
export { accountRoutes } from "./routes";
export { deleteUser } from "./delete-user";
