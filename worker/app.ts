import { shootRoutes, zipRoutes } from "./shoots";
import { Hono, type ErrorHandler, type NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./env";
import { ApiError, answerLocale, domainText, errorFields, log, requestContext, smallBodies, withServices } from "./lib";
import { ConfigError, NOT_CONFIGURED_MESSAGE } from "./config";
import { healthRoutes } from "./health";
import { recordRequest, reportError } from "./ops";
import { authRoutes } from "./auth";
import { accountRoutes } from "./account";
import { adminRoutes } from "./admin";
import { devRoutes } from "./dev";
import { billingRoutes } from "./billing";
import { headshotRoutes, teamBackdropRoutes } from "./headshots";
import { creditsRoutes } from "./credits";
import { imageRoutes } from "./images";
import { exampleRoutes } from "./landing";
import { teamRoutes } from "./teams";

/** JSON 404 for every unknown path the worker sees (it only sees /api/*). */
export const notFoundHandler: NotFoundHandler<AppEnv> = (c) =>
  c.json({ error: "Not Found", message: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}` }, 404);

/** The one error handler: `{ error, message, ...flags }`; unknown errors are logged and answered 500. */
export const errorHandler: ErrorHandler<AppEnv> = async (err, c) => {
  const requestId = c.get("requestId");
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    // domain's sentences in the reader's language; English and a route's own words as they are (decision 367)
    const message = domainText(err.message, await answerLocale(c));
    return c.json({ error: err.title, message, ...err.flags }, err.status);
  }
  if (err instanceof ConfigError) {
    // the same answer to every request until the configuration is fixed; the list of bad variables was logged
    // once, when the isolate first read it (worker/config.ts getConfig)
    return c.json({ error: "Service Unavailable", message: NOT_CONFIGURED_MESSAGE, requestId }, 503);
  }
  if (err instanceof HTTPException && err.status < 500) {
    // hono's own (a body limit, a malformed JSON body)
    const message = domainText(err.message || "Malformed request.", await answerLocale(c));
    return c.json({ error: "Bad Request", message }, err.status);
  }
  log("error", "unhandled error", { requestId, method: c.req.method, path: c.req.path, ...errorFields(err) });
  reportError(err, requestId);
  return c.json({ error: "Internal Server Error", message: "Something went wrong on our side. Please try again.", requestId }, 500);
};

const api = new Hono<AppEnv>()
  .use(smallBodies) // 256 KB unless the route declares its own (the photo routes: lib/body-limit.ts)
  .use(withServices)
  .use(recordRequest)
  .route("/health", healthRoutes)
  .route("/auth", authRoutes)
  .route("/account", accountRoutes)
  .route("/admin", adminRoutes)
  .route("/dev", devRoutes)
  .route("/stripe", billingRoutes)
  .route("/headshots", headshotRoutes)
  .route("/shoots", shootRoutes)
  .route("/downloads", zipRoutes)
  .route("/users", creditsRoutes)
  .route("/images", imageRoutes)
  .route("/landing/examples", exampleRoutes)
  .route("/team/backdrop", teamBackdropRoutes)
  .route("/team", teamRoutes);

export const app = new Hono<AppEnv>()
  .use(requestContext)
  .use(
    secureHeaders({
      // API answers are data, never documents: nothing may load or frame them.
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      strictTransportSecurity: "max-age=63072000; includeSubDomains; preload",
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      crossOriginResourcePolicy: "same-origin",
    }),
  )
  .route("/api", api)
  .notFound(notFoundHandler)
  .onError(errorHandler);

export type AppType = typeof app;
