/**
 * The lib area's public module: what every area needs and no area owns: errors, input validation,
 * per-request services and the access-token gate, logging, rate limits, and a few byte helpers.
 */
export { isOperator, isOperatorUser, requireCurrentUser, requireOperator, requireUser, ACCOUNT_GONE, SESSION_ENDED } from "./access";
export { signAccessToken } from "./access-tokens";
export { addressKey, normaliseAddress } from "./address-key";
export {
  MONEY_BACK_REASON,
  claimMoneyBack,
  moneyBackUsed,
  releaseMoneyBack,
  rememberAddress,
  userAddressKey,
  type MoneyBackKind,
} from "./address-benefits";
export { appLink, appOrigin } from "./app-origin";
export { routeBodyLimit, smallBodies, SMALL_BODY_BYTES } from "./body-limit";
export { withDb, withServices, type JobDeps } from "./context";
export { csvText, type CsvCell } from "./csv";
export { isForeignKeyViolation, isUniqueViolation } from "./db-errors";
export {
  ApiError,
  refuse,
  said,
  badRequest,
  conflict,
  emailUnverified,
  forbidden,
  gone,
  notFound,
  subscriptionCanceled,
  subscriptionRequired,
  tooManyRequests,
  unauthorized,
  type Said,
  type Words,
} from "./errors";
export { hmacSha256 } from "./hmac";
export { ifFree, oneAtATime, type LeaseOptions } from "./lease";
export { sniffType, type ImageType } from "./image-type";
export { errorFields, log } from "./log";
export { accountLocale, answerLocale, requestLocale, userLocale, viewerLocale } from "./locale";
export { domainText, isDomainText, refusalText } from "./domain-words";
export { currentRequestId, requestContext, requestIdOf, withRequestId } from "./request-id";
export { clientIp, enforce, enforceStatements, hashKey, hit, pruneRateLimits, refuseIfExhausted, type Limit } from "./rate-limit";
export { inputIssue, inputWords, plainText, validate, wholeNumber } from "./validate";
