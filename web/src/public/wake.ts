/**
 * What a click does on a page before React (decision 120). The page's first script holds clicks on the
 * consent buttons and on a sleeping island's buttons (public/boot-script.ts); the entry takes over here:
 * - a consent button or the footer's Cookie settings: plain DOM (shared/pixel/consent.ts);
 * - a button of an island not hydrated yet (public pages only): its default is held, the island's code is
 *   loaded and hydrated, and the same click is then dispatched again on the same button, now live. So the
 *   menu opens on the first tap, click, Enter or Space (a key on a button arrives as a click), and every
 *   click made while the code was on its way is replayed in order.
 * A pointer over an island's button or the keyboard's focus on one loads its code ahead of the click.
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

  if (!islands) return;
  const warm = (e: Event) => {
    if (actionable(e.target)?.closest("[data-island]")) void loadIslands().catch(() => undefined);
  };
  document.addEventListener("pointerover", warm, { passive: true });
  document.addEventListener("focusin", warm);
}
