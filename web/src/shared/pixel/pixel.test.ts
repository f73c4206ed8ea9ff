import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_KEY, FB_SCRIPT_URL, createPixel, type PixelDeps } from "./pixel";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

function setup(pixelId: string, stored: Record<string, string> = {}) {
  const calls: unknown[][] = [];
  const storage = memoryStorage(stored);
  const log = vi.fn();
  const loadScript = vi.fn<PixelDeps["loadScript"]>(
    () =>
      (...args: unknown[]) =>
        void calls.push(args),
  );
  const pixel = createPixel({ pixelId, storage, log, loadScript });
  const fireAll = () => {
    pixel.pageView();
    pixel.completeRegistration();
    pixel.initiateCheckout("monthly", { amountCents: 2999, currency: "EUR" });
    pixel.purchase("yearly", { amountCents: 6000, currency: "EUR" });
    vi.advanceTimersByTime(1000);
  };
  return { pixel, calls, storage, log, loadScript, fireAll };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("ad pixel with consent", () => {
  it("loads nothing and sends nothing before consent, nor after a decline", () => {
    const stores: Record<string, string>[] = [{}, { [CONSENT_KEY]: "denied" }];
    for (const stored of stores) {
      const { fireAll, calls, log, loadScript } = setup("1234567890", stored);
      fireAll();
      expect(loadScript).not.toHaveBeenCalled();
      expect(calls).toEqual([]);
      expect(log).not.toHaveBeenCalled();
    }
  });

  it("after Accept: loads fbevents.js once, and sends PageView, CompleteRegistration ~1 s later, InitiateCheckout and Purchase in EUR", () => {
    const { pixel, calls, loadScript, storage } = setup("1234567890");
    pixel.setConsent("granted");
    expect(storage.data.get(CONSENT_KEY)).toBe("granted");
    pixel.completeRegistration();
    vi.advanceTimersByTime(900);
    expect(calls.map((c) => c[1])).not.toContain("CompleteRegistration");
    vi.advanceTimersByTime(100);
    pixel.pageView();
    pixel.initiateCheckout("monthly", { amountCents: 2999, currency: "EUR" });
    pixel.purchase("yearly", { amountCents: 6000, currency: "EUR" });
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript).toHaveBeenCalledWith(FB_SCRIPT_URL);
    expect(calls).toEqual([
      ["init", "1234567890"],
      ["track", "PageView"], // the page the visitor accepted on
      ["track", "CompleteRegistration"],
      ["track", "PageView"],
      ["track", "InitiateCheckout", { content_name: "monthly", value: 29.99, currency: "EUR" }],
      ["track", "Purchase", { content_name: "yearly", value: 60, currency: "EUR" }],
    ]);
  });

  it("remembers the choice, and a later Decline stops the events", () => {
    const { pixel, calls } = setup("1234567890", { [CONSENT_KEY]: "granted" });
    expect(pixel.consent()).toBe("granted");
    pixel.pageView();
    pixel.setConsent("denied");
    pixel.pageView();
    expect(calls.filter((c) => c[0] === "track")).toHaveLength(1);
  });

  it("without a pixel id (locally) writes the events to the console and loads no script", () => {
    const { pixel, fireAll, log, loadScript } = setup("");
    fireAll();
    expect(log).not.toHaveBeenCalled();
    pixel.setConsent("granted");
    fireAll();
    expect(loadScript).not.toHaveBeenCalled();
    expect(log.mock.calls.map((c) => c[1])).toEqual(["PageView", "PageView", "InitiateCheckout", "Purchase", "CompleteRegistration"]);
  });
});
