/**
 * What a click does on a page before React (decision 120). The page's first script holds clicks on the
 * consent buttons and on a sleeping island's buttons (public/boot-script.ts); the entry takes over here:
 * - a consent button or the footer's Cookie settings: plain DOM (shared/pixel/consent.ts);
 * - a button of an island not hydrated yet (public pages only): its default is held, the island's code is
 *   loaded and hydrated, and the same click is then dispatched again on the same button, now live. So the
 *   menu opens on the first tap, click, Enter or Space (a key on a button arrives as a click), and every
 *   click made while the code was on its way is replayed in order.
 * A pointer over an island's button or the keyboard's focus on one loads its code ahead of the click.
 *
 * The header's menus are the browser's popovers (decision 181): they open with no script, so a click on a
 * menu's button is never held. Only a signed-in visitor's header needs its code (the Account menu's email,
 * Sign Out): it wakes when one of its menus opens, after the menu is on screen, and its code is loaded
 * ahead only for a signed-in visitor. A signed-out visitor's header never loads any.
 */
import { consentClick } from "@/shared/pixel/consent";
import { ACTIONABLE, WHOLE_STYLESHEET_ATTRIBUTE } from "./boot-script";

let islandsCode: Promise<typeof import("./islands")> | null = null;
/** The islands' code and the whole stylesheet, loaded together once (again after a failure). */
const loadIslands = () =>
  (islandsCode ??= Promise.all([import("./islands"), wholeStylesheet()]).then(
    ([m]) => m,
    (error: unknown) => {
      islandsCode = null;
      throw error;
    },
  ));

/**
 * The whole app's stylesheet, added to a public page before its first island hydrates: the page's own
 * inline stylesheet has only the rules of its HTML (decision 151), and an open menu renders classes the
 * page does not. Resolves once it applies; a page that names none (the signed-in app) needs none.
 */
function wholeStylesheet(): Promise<void> {
  const href = document.querySelector<HTMLStyleElement>(`style[${WHOLE_STYLESHEET_ATTRIBUTE}]`)?.getAttribute(WHOLE_STYLESHEET_ATTRIBUTE);
  if (!href) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error(`could not load ${href}`));
    };
    document.head.append(link);
  });
}

const waking = new Map<HTMLElement, Promise<void>>();

/** Hydrates `island` once (a failed load is retried on the next click); resolves when it is live. */
function wake(island: HTMLElement): Promise<void> {
  let live = waking.get(island);
  if (!live) {
    live = loadIslands()
      // Hydrated in a task of its own, never inside the click being held: React reads the event being
      // dispatched (window.event) and would take that click for its own and replay it as well.
      .then((m) => new Promise((resolve) => setTimeout(resolve)).then(() => m.hydrateIsland(island)))
      .then(() => island.setAttribute("data-awake", ""))
      .catch((error: unknown) => {
        waking.delete(island);
        throw error;
      });
    waking.set(island, live);
  }
  return live;
}

const actionable = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>(ACTIONABLE) : null);

/** Takes over from the first script; `islands`: wake sleeping islands (the public pages, not the signed-in app). */
export function takeOverClicks({ islands }: { islands: boolean }) {
  const held = window.__hsHeld ?? [];
  window.__hsClick = (e) => {
    const el = actionable(e.target);
    if (!el) return;
    if (el.dataset.consent) {
      consentClick(el);
      return;
    }
    const island = islands ? el.closest<HTMLElement>("[data-island]") : null;
    if (!island) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    // Not loaded (offline, say): this click is dropped, and the next one asks again.
    wake(island).then(
      () => el.click(),
      (error: unknown) => console.error(error),
    );
  };
  for (const el of held) el.click(); // through the handler above

  // A link followed inside an open menu closes it (an anchor on the same page would leave it open).
  document.addEventListener("click", (e) => {
    const menu = e.target instanceof Element ? e.target.closest<HTMLElement>("a[href]")?.closest<HTMLElement>("[popover]") : null;
    if (menu?.matches(":popover-open")) menu.hidePopover();
  });

  if (!islands) return;
  const signedIn = () => document.documentElement.classList.contains("signed-in");
  const warm = (e: Event) => {
    const el = e.target instanceof Element ? e.target.closest("[data-island]:not([data-awake]) button") : null;
    if (el && signedIn()) void loadIslands().catch(() => undefined);
  };
  document.addEventListener("pointerover", warm, { passive: true });
  document.addEventListener("focusin", warm);
  // `toggle` does not bubble: listened for while it travels down (capture).
  document.addEventListener(
    "toggle",
    (e) => {
      const island = e.target instanceof Element ? e.target.closest<HTMLElement>("[data-island]:not([data-awake])") : null;
      if (island && (e as ToggleEvent).newState === "open" && signedIn()) wake(island).catch((error: unknown) => console.error(error));
    },
    true,
  );
}
