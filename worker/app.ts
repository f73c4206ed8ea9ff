import { Hono, type Context, type ErrorHandler, type NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./env";
import { ApiError, answerLocale, errorFields, log, refuse, refusalText, requestContext, said, smallBodies, withServices } from "./lib";
import { m } from "../copy";
import { codeForStatus } from "../domain/errors";
import { ConfigError, NOT_CONFIGURED_MESSAGE } from "./config";
import { healthRoutes } from "./health";
import { recordRequest, reportError } from "./ops";
import { authRoutes } from "./auth";
import { accountRoutes } from "./account";
import { adminRoutes } from "./admin";
import { devRoutes } from "./dev";
import { stripeRoutes } from "./stripe";
import { shootRoutes } from "./shoots";
import { downloadRoutes } from "./downloads";
import { headshotRoutes } from "./headshots";
import { userRoutes } from "./users";
import { imageRoutes } from "./images";
import { exampleRoutes } from "./landing";
import { teamRoutes } from "./teams";

/** JSON 404 for every unknown path the worker sees (it only sees /api/*). */
export const notFoundHandler: NotFoundHandler<AppEnv> = (c) =>
  answer(c, refuse("not_found", said(m.errors_no_route, { method: c.req.method, path: new URL(c.req.url).pathname })));

/**
 * A refusal as JSON `{ error, code, message, ...params }` with its headers (Retry-After), in the reader's language:
 * catalogue words said in it (decision 395), domain's English sentences worded by domainText (decision 367).
 */
const answer = async (c: Context<AppEnv>, err: ApiError) => {
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  const locale = await answerLocale(c);
  return c.json({ ...err.body, message: refusalText(err, locale) }, err.status);
};

/** The one error handler: `{ error, code, message, ...params }` (domain/errors.ts); unknown errors are logged and answered 500. */
export const errorHandler: ErrorHandler<AppEnv> = async (err, c) => {
  const requestId = c.get("requestId");
  if (err instanceof ApiError) return answer(c, err);
  if (err instanceof ConfigError) {
    // the same answer to every request until the configuration is fixed; the list of bad variables was logged
    // once, when the isolate first read it (worker/config.ts getConfig)
    return answer(c, refuse("unavailable", NOT_CONFIGURED_MESSAGE, { requestId }));
  }
  if (err instanceof HTTPException && err.status < 500) {
    // hono's own (a body limit, a malformed JSON body): the generic code of its status
    return answer(c, refuse(codeForStatus(err.status), err.message || said(m.errors_malformed_request)));
  }
  log("error", "unhandled error", { requestId, method: c.req.method, path: c.req.path, ...errorFields(err) });
  reportError(err, requestId);
  return answer(c, refuse("internal", said(m.errors_internal), { requestId }));
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
  .route("/stripe", stripeRoutes)
  .route("/headshots", headshotRoutes)
  .route("/shoots", shootRoutes)
  .route("/downloads", downloadRoutes)
  .route("/users", userRoutes)
  .route("/images", imageRoutes)
  .route("/landing/examples", exampleRoutes)
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
