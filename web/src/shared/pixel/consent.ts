/**
 * The consent banner's buttons and the footer's Cookie settings, in plain DOM (no React: a public page runs
 * no framework code before an interaction, decision 120). The choice goes through the pixel, which
 * remembers it and sends nothing without it; the page shows or hides the banner from classes on <html>
 * (the first script sets `ask-consent` when nothing is stored, public/boot-script.ts).
 */
import { pixel } from "./pixel";

/** `data-consent` values: the banner's two choices, and the footer's button that reopens it. */
export const CONSENT_ACTION = { accept: "granted", decline: "denied", settings: "settings" } as const;

let reopenedFrom: HTMLElement | null = null;

/** Handles a click on a `[data-consent]` element. */
export function consentClick(el: HTMLElement) {
  const html = document.documentElement;
  const action = el.dataset.consent;
  if (action === CONSENT_ACTION.settings) {
    reopenedFrom = el;
    html.classList.add("consent-open");
    document.getElementById("consent-banner")?.focus();
    return;
  }
  if (action !== CONSENT_ACTION.accept && action !== CONSENT_ACTION.decline) return;
  pixel.setConsent(action);
  html.classList.remove("ask-consent", "consent-open");
  // Reopened from the footer: back where the visitor was. Otherwise the next Tab continues from here.
  reopenedFrom?.focus();
  reopenedFrom = null;
}
