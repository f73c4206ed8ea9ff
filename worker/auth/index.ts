/**
 * The auth area's public module: `/api/auth` (sign-up and sign-in, Google, refresh-token families,
 * mailed links) and the credentials other areas change for a signed-in person: passwords, sessions,
 * the email change. The access-token gate every route passes is lib's (`requireUser`).
 */
export { authRoutes } from "./routes";
export { findUser, toApiUser } from "./accounts";
export { randomToken, sha256 } from "./crypto";
export { addressTaken, requestEmailChange } from "./email-change";
export { emailField, newPasswordField } from "./fields";
export { AUTH_LIMITS } from "./limits";
export { emailLink, sendMail, sendPasswordChangedNotice } from "./mail";
export { setPasswordAndEndSessions } from "./password-reset";
export { hashPassword, verifyPassword } from "./passwords";
export { clearRefreshCookie, endSessions, sessionOf, setRefreshCookie, startFamily } from "./sessions";
