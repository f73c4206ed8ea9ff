/**
 * web/dist/_headers for Workers Static Assets: security headers for every page, long caching for hashed
 * assets. The CSP lets the Meta Pixel's hosts in only when a pixel id is configured (issue 11), and the
 * page's one inline script, the first script, by its hash (decision 120); no other inline script runs.
 * 'wasm-unsafe-eval' lets the face model compile its WebAssembly backend (our own file from /assets); it
 * allows no JavaScript eval (docs/decisions/115-face-model.md).
 */
/** `bootScriptSha256`: the base64 SHA-256 of the first script's text (build.ts), the CSP source that admits it. */
export function headersFile(pixelId: string, bootScriptSha256: string): string {
  const pixel = pixelId
    ? {
        script: " https://connect.facebook.net",
        img: " https://www.facebook.com",
        connect: " https://www.facebook.com https://connect.facebook.net",
      }
    : { script: "", img: "", connect: "" };
  const csp = [
    "default-src 'self'",
    `img-src 'self' data: blob:${pixel.img}`,
    "style-src 'self' 'unsafe-inline'",
    `script-src 'self' 'sha256-${bootScriptSha256}' 'wasm-unsafe-eval'${pixel.script}`,
    `connect-src 'self'${pixel.connect}`,
    "font-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
  return `/*
  Content-Security-Policy: ${csp}
  Strict-Transport-Security: max-age=31536000; includeSubDomains
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin
  X-Frame-Options: DENY

/assets/*
  Cache-Control: public, max-age=31536000, immutable
`;
}
