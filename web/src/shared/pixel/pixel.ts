/**
 * Marketing events for the ad pixel (Meta Pixel), only with consent (SPEC §1, §4; issue 11).
 *
 * - Nothing is loaded or sent before the visitor accepts the consent banner; a declined or unanswered
 *   banner drops every event. The choice is remembered in a cookie for a year and can be changed from the footer
 *   (the banner's buttons: consent.ts; the page's first script reads the same key to show the banner).
 * - With a pixel id (PIXEL_ID at build time) the first accepted event loads Meta's fbevents.js; without
 *   one (local runs) events are written to the browser console instead.
 * - The CSP lets the pixel's hosts in only when a pixel id is configured (web/build/headers.ts).
 */
import type { PlanType } from "../../../../domain/plans";
import { CONSENT_KEY, cookieValue } from "../../public/boot-script";

export type Consent = "granted" | "denied";
export type PixelEvent = "PageView" | "CompleteRegistration" | "InitiateCheckout" | "Purchase";
export type PixelParams = Record<string, string | number>;
/**
 * A commerce event's value, from the caller: the plans' list lives with billing, and importing it here
 * would put it in every public page's first script (this module is in the entry, for consent and PageView).
 */
export type Price = { amountCents: number; currency: string };

export { CONSENT_KEY };
export const FB_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";
/** SPEC §4: the registration event follows a first sign-in by about a second. */
export const REGISTRATION_DELAY_MS = 1000;

type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[][]; loaded?: boolean; version?: string };

export interface PixelDeps {
  pixelId: string;
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  log: (...args: unknown[]) => void;
  /** Loads the pixel's script and answers the fbq function (the real one queues until the script runs). */
  loadScript: (src: string) => Fbq;
}

export function createPixel(deps: PixelDeps) {
  let fbq: Fbq | null = null;

  function readConsent(): Consent | null {
    try {
      const v = deps.storage?.getItem(CONSENT_KEY);
      return v === "granted" || v === "denied" ? v : null;
    } catch {
      return null;
    }
  }
  let consent = readConsent();

  function send(event: PixelEvent, params?: PixelParams) {
    if (consent !== "granted") return;
    if (!deps.pixelId) {
      deps.log("[pixel]", event, params ?? {});
      return;
    }
    if (!fbq) {
      fbq = deps.loadScript(FB_SCRIPT_URL);
      fbq("init", deps.pixelId);
    }
    if (params) fbq("track", event, params);
    else fbq("track", event);
  }

  return {
    consent: () => consent,
    setConsent(value: Consent) {
      const was = consent;
      consent = value;
      try {
        deps.storage?.setItem(CONSENT_KEY, value);
      } catch {
        /* private mode: remembered for this page only */
      }
      // The page the visitor accepted on counts as viewed.
      if (value === "granted" && was !== "granted") send("PageView");
    },
    /** PageView on each route change. */
    pageView: () => send("PageView"),
    /** About a second after a first sign-in (a new account). */
    completeRegistration(): void {
      setTimeout(() => send("CompleteRegistration"), REGISTRATION_DELAY_MS);
    },
    /** When checkout starts for a plan, at the price the visitor was shown. */
    initiateCheckout(plan: PlanType, price: Price) {
      send("InitiateCheckout", { content_name: plan, value: price.amountCents / 100, currency: price.currency });
    },
    /** When a subscription starts: the amount paid. */
    purchase(plan: PlanType, price: Price) {
      send("Purchase", { content_name: plan, value: price.amountCents / 100, currency: price.currency });
    },
  };
}

export type Pixel = ReturnType<typeof createPixel>;

/** The browser's script loader: Meta's standard queueing stub, then the script tag. */
function loadFbScript(src: string): Fbq {
  const w = window as unknown as { fbq?: Fbq; _fbq?: Fbq };
  if (w.fbq) return w.fbq;
  const stub: Fbq = (...args: unknown[]) => {
    stub.queue!.push(args);
  };
  stub.queue = [];
  stub.loaded = true;
  stub.version = "2.0";
  w.fbq = w._fbq = stub;
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
  return (...args: unknown[]) => w.fbq!(...args);
}

const inBrowser = typeof window !== "undefined";

/** How long the choice is remembered before the banner asks again. */
const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The choice as a first-party cookie the page's first script reads before the first paint (decision 120). */
const consentCookie: PixelDeps["storage"] = {
  getItem: (name) => cookieValue(document.cookie, name),
  setItem: (name, value) => {
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  },
};

export const pixel = createPixel({
  pixelId: __PIXEL_ID__,
  storage: inBrowser ? consentCookie : null,
  log: (...args) => console.info(...args),
  loadScript: loadFbScript,
});

/** For the billing pages: call when checkout starts (before redirecting to Stripe). */
export const trackInitiateCheckout = (plan: PlanType, price: Price) => pixel.initiateCheckout(plan, price);
/** For the billing pages: call once when a subscription has started (e.g. the checkout success return). */
export const trackPurchase = (plan: PlanType, price: Price) => pixel.purchase(plan, price);
