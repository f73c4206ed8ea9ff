/** Set at build time by vite.config.ts (and vitest.config.ts for tests); see docs/decisions/071-prerendered-public-site.md. */
/** Meta Pixel id from PIXEL_ID; empty when none is configured (events go to the console). */
declare const __PIXEL_ID__: string;
/** The day the site was built (YYYY-MM-DD, UTC): the policies' last-updated date. */
declare const __BUILD_DATE__: string;
/** The public origin from APP_URL, for canonical and share URLs. */
declare const __APP_URL__: string;
/** Where the face model's weights and WebAssembly are served (web/build/face-model.ts). */
declare const __FACE_MODEL_BASE__: string;
