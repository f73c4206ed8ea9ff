/**
 * web/dist/_headers for Workers Static Assets: security headers for every page, long caching for hashed
 * assets. The CSP lets the Meta Pixel's hosts in only when a pixel id is configured (issue 11).
 */
export function headersFile(pixelId: string): string {
  const pixel = pixelId ? { script: " https://connect.facebook.net", img: " https://www.facebook.com", connect: " https://www.facebook.com https://connect.facebook.net" } : { script: "", img: "", connect: "" };
  const csp = [
    "default-src 'self'",
    `img-src 'self' data: blob:${pixel.img}`,
    "style-src 'self' 'unsafe-inline'",
    `script-src 'self'${pixel.script}`,
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
