/**
 * A local OpenID Connect provider standing in for Google in local runs and tests, so the worker's real
 * sign-in code (discovery, code exchange with PKCE, ID-token verification against a JWKS) runs end to end
 * with no network and no Google account.
 *
 *   GET  /.well-known/openid-configuration   discovery document
 *   GET  /jwks                               the public RS256 key (generated at start)
 *   GET  /authorize                          a one-page account chooser: type an email, Continue
 *   POST /authorize                          issues a one-time code and redirects back with it and `state`
 *   POST /token                              code (+ PKCE verifier, client id and secret) → signed ID token
 *
 * Test hooks (never needed by a person): POST /authorize also accepts `x_aud`, `x_nonce`, `x_iss`,
 * `x_exp` (seconds from now, may be negative), `x_email_verified` ("false"), `x_sub` and `x_foreign_key`
 * ("1": signed by a key that is not in the JWKS). They change only the ID token minted for that code.
 */
import http from "node:http";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { SignJWT, exportJWK, generateKeyPair, type JWK } from "jose";

/** The client the local run and the tests are configured with (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET). */
export const STANDIN_CLIENT_ID = "headshot-studio-local";
export const STANDIN_CLIENT_SECRET = "headshot-studio-local-secret";

export interface OidcStandinOptions {
  port?: number;
  host?: string;
  /** client id → secret; defaults to the local client above. */
  clients?: Record<string, string>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  nonce: string | undefined;
  challenge: string;
  email: string;
  expiresAt: number;
  hooks: Record<string, string>;
}

const b64url = (buf: Buffer) => buf.toString("base64url");
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const AUTH_PARAMS = [
  "client_id",
  "redirect_uri",
  "response_type",
  "scope",
  "state",
  "nonce",
  "code_challenge",
  "code_challenge_method",
] as const;

function titleCase(s: string) {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

function chooserPage(params: URLSearchParams, error?: string): string {
  const hidden = [...params.entries()]
    .filter(([k]) => (AUTH_PARAMS as readonly string[]).includes(k) || k.startsWith("x_"))
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in – local Google stand-in</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f1f3f4; color: #202124; }
  main { width: min(420px, calc(100vw - 32px)); background: #fff; border: 1px solid #dadce0; border-radius: 12px; padding: 40px 36px 32px; box-sizing: border-box; }
  .badge { display: inline-block; font-size: 12px; letter-spacing: .02em; color: #5f6368; border: 1px solid #dadce0; border-radius: 999px; padding: 2px 10px; }
  h1 { font-size: 24px; font-weight: 400; margin: 16px 0 4px; }
  p { margin: 0 0 24px; color: #5f6368; font-size: 15px; }
  label { display: block; font-size: 14px; margin-bottom: 6px; }
  input[type=email] { width: 100%; box-sizing: border-box; font: inherit; padding: 12px 14px; border: 1px solid #dadce0; border-radius: 6px; }
  input[type=email]:focus { outline: 2px solid #1a73e8; border-color: transparent; }
  .error { color: #d93025; font-size: 14px; margin: 8px 0 0; }
  .actions { display: flex; justify-content: flex-end; margin-top: 28px; }
  button { font: inherit; font-weight: 500; background: #1a73e8; color: #fff; border: 0; border-radius: 6px; padding: 10px 24px; cursor: pointer; }
  button:hover { background: #1765cc; }
  small { display: block; margin-top: 24px; color: #80868b; font-size: 12px; line-height: 1.5; }
</style></head>
<body><main>
  <span class="badge">Local development</span>
  <h1>Choose an account</h1>
  <p>to continue to Headshot Studio</p>
  <form method="post" action="/authorize">
    ${hidden}
    <label for="email">Email</label>
    <input id="email" name="email" type="email" required autofocus autocomplete="email" placeholder="you@example.com">
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
    <div class="actions"><button type="submit">Continue</button></div>
  </form>
  <small>This page stands in for Google sign-in on your machine. Any address works and is treated as verified; nothing leaves this computer.</small>
</main></body></html>`;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      data += chunk;
      if (data.length > 64 * 1024) reject(new Error("body too large"));
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

/** A string answers as an HTML page, anything else as JSON; nothing the stand-in answers is cached. */
function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": typeof body === "string" ? "text/html; charset=utf-8" : "application/json",
    "Cache-Control": "no-store",
    ...headers,
  });
  res.end(text);
}

const oauthError = (res: http.ServerResponse, status: number, error: string, description: string) =>
  send(res, status, { error, error_description: description });

export async function startOidcStandin(opts: OidcStandinOptions = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const host = opts.host ?? "127.0.0.1";
  const clients = opts.clients ?? { [STANDIN_CLIENT_ID]: STANDIN_CLIENT_SECRET };
  const kid = `standin-${randomUUID().slice(0, 8)}`;
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const codes = new Map<string, PendingCode>();
  let issuer = "";

  function checkAuthorizeParams(p: URLSearchParams): string | null {
    if (!p.get("client_id") || !(p.get("client_id")! in clients)) return "Unknown client_id.";
    const redirect = p.get("redirect_uri");
    if (!redirect || !/^https?:\/\//.test(redirect)) return "Missing or invalid redirect_uri.";
    if (p.get("response_type") !== "code") return "response_type must be code.";
    if (!p.get("scope")?.split(" ").includes("openid")) return "scope must include openid.";
    if (!p.get("code_challenge") || p.get("code_challenge_method") !== "S256") return "PKCE (S256) is required.";
    return null;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", issuer);
    if (req.method === "GET" && url.pathname === "/.well-known/openid-configuration") {
      return send(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
        code_challenge_methods_supported: ["S256"],
        claims_supported: ["aud", "email", "email_verified", "exp", "family_name", "given_name", "iat", "iss", "name", "nonce", "sub"],
      });
    }
    if (req.method === "GET" && url.pathname === "/jwks") return send(res, 200, { keys: [jwk] });

    if (req.method === "GET" && url.pathname === "/authorize") {
      const problem = checkAuthorizeParams(url.searchParams);
      if (problem) return send(res, 400, `<!doctype html><title>Bad request</title><p>${escapeHtml(problem)}</p>`);
      return send(res, 200, chooserPage(url.searchParams));
    }

    if (req.method === "POST" && url.pathname === "/authorize") {
      const form = new URLSearchParams(await readBody(req));
      const problem = checkAuthorizeParams(form);
      if (problem) return send(res, 400, `<!doctype html><title>Bad request</title><p>${escapeHtml(problem)}</p>`);
      const email = (form.get("email") ?? "").trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return send(res, 400, chooserPage(form, "Enter a valid email address."));
      const code = b64url(randomBytes(24));
      const hooks: Record<string, string> = {};
      for (const [k, v] of form.entries()) if (k.startsWith("x_")) hooks[k] = v;
      codes.set(code, {
        clientId: form.get("client_id")!,
        redirectUri: form.get("redirect_uri")!,
        nonce: form.get("nonce") ?? undefined,
        challenge: form.get("code_challenge")!,
        email,
        expiresAt: Date.now() + 2 * 60_000,
        hooks,
      });
      const back = new URL(form.get("redirect_uri")!);
      back.searchParams.set("code", code);
      if (form.get("state")) back.searchParams.set("state", form.get("state")!);
      res.writeHead(302, { Location: back.toString(), "Cache-Control": "no-store" });
      return res.end();
    }

    if (req.method === "POST" && url.pathname === "/token") {
      const form = new URLSearchParams(await readBody(req));
      let clientId = form.get("client_id") ?? "";
      let clientSecret = form.get("client_secret") ?? "";
      const basic = req.headers.authorization?.match(/^Basic (.+)$/);
      if (basic) {
        const [id, secret] = Buffer.from(basic[1]!, "base64").toString().split(":");
        clientId = decodeURIComponent(id ?? "");
        clientSecret = decodeURIComponent(secret ?? "");
      }
      if (!(clientId in clients) || clients[clientId] !== clientSecret)
        return oauthError(res, 401, "invalid_client", "Client authentication failed.");
      if (form.get("grant_type") !== "authorization_code")
        return oauthError(res, 400, "unsupported_grant_type", "Only authorization_code.");
      const code = form.get("code") ?? "";
      const pending = codes.get(code);
      codes.delete(code); // one use, whatever happens next
      if (!pending || pending.expiresAt < Date.now() || pending.clientId !== clientId)
        return oauthError(res, 400, "invalid_grant", "Unknown, used or expired code.");
      if (form.get("redirect_uri") !== pending.redirectUri) return oauthError(res, 400, "invalid_grant", "redirect_uri does not match.");
      const verifier = form.get("code_verifier") ?? "";
      if (b64url(createHash("sha256").update(verifier).digest()) !== pending.challenge)
        return oauthError(res, 400, "invalid_grant", "PKCE verification failed.");

      const h = pending.hooks;
      const local = pending.email.split("@")[0]!.split(/[._-]/);
      const givenName = titleCase(local[0] ?? "");
      const familyName = titleCase(local[1] ?? "");
      const now = Math.floor(Date.now() / 1000);
      const claims: Record<string, unknown> = {
        email: pending.email,
        email_verified: h.x_email_verified !== "false",
        name: [givenName, familyName].filter(Boolean).join(" "),
        given_name: givenName,
        ...(familyName ? { family_name: familyName } : {}),
        azp: clientId,
      };
      const nonce = h.x_nonce ?? pending.nonce;
      if (nonce) claims.nonce = nonce;
      const expiresIn = h.x_exp !== undefined ? Number(h.x_exp) : 3600;
      const idToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
        .setIssuer(h.x_iss ?? issuer)
        .setAudience(h.x_aud ?? clientId)
        .setSubject(h.x_sub ?? createHash("sha256").update(`standin:${pending.email}`).digest("hex").slice(0, 21))
        .setIssuedAt(now - (expiresIn < 0 ? 7200 : 0))
        .setExpirationTime(now + expiresIn)
        .sign(h.x_foreign_key === "1" ? foreign.privateKey : privateKey);
      return send(res, 200, {
        access_token: b64url(randomBytes(24)),
        token_type: "Bearer",
        expires_in: 3600,
        scope: "openid email profile",
        id_token: idToken,
      });
    }

    send(res, 404, { error: "not_found" });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) send(res, 500, { error: "server_error", error_description: String(err) });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as import("node:net").AddressInfo;
  issuer = `http://${host}:${port}`;
  return {
    url: issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
