/**
 * The page's first script (boot-script.ts, as shipped inline) and the entry's takeover (wake.ts): what is
 * decided before the first paint, and clicks made before any page code ran are not lost (decision 120).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { BOOT_SCRIPT, CONSENT_KEY, cookieValue } from "./boot-script";
import { takeOverClicks } from "./wake";

const live = vi.hoisted(() => ({ hydrated: [] as string[], clicks: [] as string[] }));
vi.mock("./islands", () => ({
  // Stands for React: hydrating wires the island's buttons to their handlers.
  hydrateIsland: async (el: HTMLElement) => {
    live.hydrated.push(el.dataset.island!);
    for (const b of el.querySelectorAll("button")) b.addEventListener("click", () => live.clicks.push(b.textContent!));
  },
}));

const html = document.documentElement;
const consent = () => cookieValue(document.cookie, CONSENT_KEY);
const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent === name)!;
/** A click as the browser dispatches it; answers whether its default action was held back. */
const click = (el: Element) => !el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));

beforeAll(() => {
  document.body.innerHTML = `
    <section id="consent-banner" tabindex="-1"><button data-consent="granted">Accept</button><button data-consent="denied">Decline</button></section>
    <div data-island="header" class="contents"><a href="#sign-in">Sign In</a><button popovertarget="services-menu">Services</button><button>Sign Out</button><button>Retry</button></div>
    <footer><button data-consent="settings">Cookie settings</button></footer>`;
  document.cookie = "hs_signed_in=1; path=/";
  new Function(BOOT_SCRIPT)();
});

describe("the first script and the entry's takeover", () => {
  it("marks <html> before the first paint: the banner asks (no choice stored), the header shows the signed-in actions (hint)", () => {
    expect(html.classList.contains("ask-consent")).toBe(true);
    expect(html.classList.contains("signed-in")).toBe(true);
  });

  it("holds clicks on consent buttons and island buttons until the entry runs, then replays them; links and menu buttons are never held", async () => {
    expect(click(document.querySelector("a")!)).toBe(false);
    expect(click(button("Services"))).toBe(false); // a popover's button: the browser opens it, no script (decision 181)
    expect(click(button("Sign Out"))).toBe(true);
    expect(click(button("Accept"))).toBe(true);
    expect(consent()).toBeNull(); // nothing decided before the entry

    takeOverClicks({ islands: true });
    expect(consent()).toBe("granted");
    expect(html.classList.contains("ask-consent")).toBe(false);
    await vi.waitFor(() => expect(live.clicks).toEqual(["Sign Out"])); // replayed, once
    expect(live.hydrated).toEqual(["header"]);
    expect(document.querySelector("[data-island]")!.hasAttribute("data-awake")).toBe(true);

    // live now: clicks reach the island's handlers directly, and it is not hydrated again
    expect(click(button("Retry"))).toBe(false);
    expect(live.clicks).toEqual(["Sign Out", "Retry"]);
    expect(live.hydrated).toEqual(["header"]);
  });

  it("Cookie settings reopens the banner and moves focus to it; a choice closes it and returns focus to the footer", () => {
    const settings = button("Cookie settings");
    settings.focus();
    click(settings);
    expect(html.classList.contains("consent-open")).toBe(true);
    expect(document.activeElement?.id).toBe("consent-banner");
    click(button("Decline"));
    expect(consent()).toBe("denied");
    expect(html.classList.contains("consent-open")).toBe(false);
    expect(document.activeElement).toBe(settings);
  });
});

describe("the first script without a stored choice or a hint", () => {
  it("asks for consent and shows the signed-out actions; a stored choice is not asked again", () => {
    const fresh = () => {
      html.className = "";
      new Function(BOOT_SCRIPT)();
      return [...html.classList];
    };
    document.cookie = "hs_signed_in=; path=/; max-age=0";
    document.cookie = `${CONSENT_KEY}=; path=/; max-age=0`;
    expect(fresh()).toEqual(["ask-consent"]);
    document.cookie = `${CONSENT_KEY}=maybe; path=/`;
    expect(fresh()).toEqual(["ask-consent"]);
    document.cookie = `${CONSENT_KEY}=denied; path=/`;
    expect(fresh()).toEqual([]);
    document.cookie = "not_hs_signed_in=1; path=/";
    expect(fresh()).toEqual([]);
  });
});

describe("a menu opening in a sleeping header (decision 181)", () => {
  it("wakes it for a signed-in visitor (the email, Sign Out), after the menu is open; a signed-out visitor's header loads nothing", async () => {
    const opened = (el: Element) => el.dispatchEvent(Object.assign(new Event("toggle"), { newState: "open" }));
    for (const signedIn of [false, true]) {
      vi.resetModules(); // a page that has not loaded the islands yet
      const wake = await import("./wake");
      document.head.innerHTML = "";
      document.body.innerHTML = `<div data-island="header"><button popovertarget="account-menu">Account</button><div id="account-menu" popover="auto"><a href="#d">Dashboard</a></div></div>`;
      html.className = signedIn ? "signed-in" : "";
      live.hydrated.length = 0;
      wake.takeOverClicks({ islands: true });
      opened(document.getElementById("account-menu")!);
      // (the earlier tests' entries listen on this document too: each of them wakes it once)
      if (signedIn) {
        await vi.waitFor(() => expect(live.hydrated.length).toBeGreaterThan(0)); // as long as a loaded machine takes
      } else {
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(live.hydrated).toEqual([]);
      }
    }
  });
});

describe("the whole stylesheet, before an island wakes (decision 151)", () => {
  it("hydrates once the whole stylesheet applies; one that failed to load is asked for again at the next click", async () => {
    vi.resetModules(); // a page that has not loaded the islands yet
    const wake = await import("./wake");
    document.head.innerHTML = `<style data-whole="/assets/whole.css"></style>`;
    document.body.innerHTML = `<div data-island="header"><button>Sign Out</button></div>`;
    live.hydrated.length = 0;
    live.clicks.length = 0;
    const failed = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const sheets = () => [...document.head.querySelectorAll("link[rel=stylesheet]")];
    wake.takeOverClicks({ islands: true });

    expect(click(button("Sign Out"))).toBe(true);
    await vi.waitFor(() => expect(sheets().map((l) => l.getAttribute("href"))).toEqual(["/assets/whole.css"]));
    sheets()[0]!.dispatchEvent(new Event("error"));
    await vi.waitFor(() => expect(failed).toHaveBeenCalledOnce());
    expect(sheets()).toEqual([]);
    expect(live.hydrated).toEqual([]);

    expect(click(button("Sign Out"))).toBe(true);
    await vi.waitFor(() => expect(sheets()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(live.hydrated).toEqual([]); // the code is here; the stylesheet is not yet
    sheets()[0]!.dispatchEvent(new Event("load"));
    await vi.waitFor(() => expect(live.clicks).toEqual(["Sign Out"]));
    expect(live.hydrated).toEqual(["header"]);
    failed.mockRestore();
  });
});
