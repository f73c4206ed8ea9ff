/** The images area's public module: `/api/images` and the signed, expiring image URLs other areas hand out. */
export { imageRoutes } from "./routes";
export { signImageUrl } from "./signed-urls";
