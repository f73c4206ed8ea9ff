import { describe, expect, it } from "vitest";
import { CUSTOM_WEBP_FORMATS, DEFAULT_DOWNLOAD, formatProblem, needsSubscription } from "@/lib/domain";
import {
  chooseCustomSize,
  chooseDpi,
  choosePreset,
  chooseResolution,
  defaultOptions,
  downloadQueryParams,
  fallbackFilename,
  filenameFromDisposition,
  outputSize,
} from "./options";

const search = (o: Parameters<typeof downloadQueryParams>[0]) => new URLSearchParams(downloadQueryParams(o)).toString();

describe("download options", () => {
  it("defaults to high / square / png (web for free users)", () => {
    expect(defaultOptions(true)).toEqual({ resolution: "high", shape: "square", fileFormat: "png" });
    expect(defaultOptions(false)).toEqual({ resolution: "web", shape: "square", fileFormat: "png" });
  });

  it("choosing a preset forces high resolution", () => {
    const o = choosePreset({ ...DEFAULT_DOWNLOAD, resolution: "web" }, "linkedin-banner");
    expect(o).toMatchObject({ preset: "linkedin-banner", resolution: "high" });
    expect(needsSubscription(o)).toBe(true);
    expect(outputSize(o)).toEqual({ width: 1584, height: 396 });
  });

  it("choosing no preset or web resolution clears the preset", () => {
    const withPreset = choosePreset(DEFAULT_DOWNLOAD, "instagram-square");
    expect(choosePreset(withPreset, undefined).preset).toBeUndefined();
    const web = chooseResolution(withPreset, "web");
    expect(web).toEqual({ resolution: "web", shape: "square", fileFormat: "png" });
    expect(needsSubscription(web)).toBe(false);
  });

  it("builds the query: no preset / screen dpi left out", () => {
    expect(search(DEFAULT_DOWNLOAD)).toBe("resolution=high&shape=square&fileFormat=png");
    const o = chooseDpi(choosePreset({ ...DEFAULT_DOWNLOAD, shape: "round" }, "twitter-profile"), "300");
    expect(search(o)).toBe("resolution=high&shape=round&fileFormat=png&preset=twitter-profile&dpi=300");
    // a banner is not round: choosing one makes the shape square (the worker refuses round there)
    const banner = choosePreset({ ...DEFAULT_DOWNLOAD, shape: "round" }, "twitter-banner");
    expect(search(banner)).toBe("resolution=high&shape=square&fileFormat=png&preset=twitter-banner");
    expect(search(chooseDpi(o, undefined))).not.toContain("dpi");
  });

  it("names the file from Content-Disposition, else by the SPEC §9 pattern", () => {
    expect(filenameFromDisposition('attachment; filename="headshot-suit-high-round-300dpi.png"')).toBe(
      "headshot-suit-high-round-300dpi.png",
    );
    expect(filenameFromDisposition("attachment; filename*=UTF-8''headshot%20x.webp")).toBe("headshot x.webp");
    expect(filenameFromDisposition(null)).toBeNull();
    const o = chooseDpi(choosePreset({ ...DEFAULT_DOWNLOAD, shape: "round" }, "email-signature"), "300");
    expect(fallbackFilename("White Background", o)).toBe("headshot-white-background-email-signature-round-300dpi.png");
    expect(fallbackFilename("Suit", { resolution: "web", shape: "square", fileFormat: "webp" })).toBe("headshot-suit-web-square.webp");
  });

  it("a file name does not say the shape twice (issue 35)", () => {
    const webp = { ...choosePreset(DEFAULT_DOWNLOAD, "instagram-square"), fileFormat: "webp" as const };
    expect(fallbackFilename("Suit", webp)).toBe("headshot-suit-instagram-square.webp");
    expect(fallbackFilename("Suit", { ...webp, shape: "round" })).toBe("headshot-suit-instagram-square-round.webp");
    expect(fallbackFilename("Suit", choosePreset(DEFAULT_DOWNLOAD, "twitter-banner"))).toBe("headshot-suit-twitter-banner.png");
  });

  it("names what the file is: no shape for a picture that is not square, the version after the first (issue 46)", () => {
    expect(fallbackFilename("LinkedIn", choosePreset(DEFAULT_DOWNLOAD, "linkedin-banner"))).toBe("headshot-linkedin-linkedin-banner.png");
    expect(fallbackFilename("LinkedIn", choosePreset(DEFAULT_DOWNLOAD, "print-8x10"))).toBe("headshot-linkedin-print-8x10-300dpi.png");
    expect(fallbackFilename("LinkedIn", chooseCustomSize(DEFAULT_DOWNLOAD, 1000, 1500))).toBe("headshot-linkedin-1000x1500.png");
    expect(fallbackFilename("LinkedIn", chooseCustomSize(DEFAULT_DOWNLOAD, 1000, 1000))).toBe("headshot-linkedin-1000x1000-square.png");
    const web = { ...DEFAULT_DOWNLOAD, resolution: "web" as const };
    expect([1, 2, 3].map((v) => fallbackFilename("LinkedIn", web, v))).toEqual([
      "headshot-linkedin-web-square.png",
      "headshot-linkedin-v2-web-square.png",
      "headshot-linkedin-v3-web-square.png",
    ]);
  });

  it("the 8×10 print preset: 2400×3000 portrait at 300 DPI, square only (issue 35)", () => {
    const o = choosePreset({ ...DEFAULT_DOWNLOAD, resolution: "web", shape: "round", fileFormat: "webp" }, "print-8x10");
    expect(o).toEqual({ resolution: "high", shape: "square", fileFormat: "png", preset: "print-8x10", dpi: "300" });
    expect(outputSize(o)).toEqual({ width: 2400, height: 3000 });
    expect(search(o)).toBe("resolution=high&shape=square&fileFormat=png&preset=print-8x10&dpi=300");
    expect(fallbackFilename("Suit", o)).toBe("headshot-suit-print-8x10-300dpi.png");
  });

  it("a custom size above 1600×1600 switches a chosen WebP to PNG; one within keeps it (decision 236)", () => {
    const webp = { ...DEFAULT_DOWNLOAD, fileFormat: "webp" as const };
    expect(chooseCustomSize(webp, 1600, 1600).fileFormat).toBe("webp");
    expect(chooseCustomSize(webp, 2048, 2048).fileFormat).toBe("png");
    expect(formatProblem({ ...chooseCustomSize(webp, 1600, 1601), fileFormat: "webp" })).toBe(CUSTOM_WEBP_FORMATS);
    expect(formatProblem({ ...DEFAULT_DOWNLOAD, fileFormat: "webp" })).toBeNull(); // high resolution: the picture's own size
  });

  it("a custom size replaces a preset, forces high, and is cleared by web (issue 35)", () => {
    const o = chooseCustomSize(choosePreset({ ...DEFAULT_DOWNLOAD, resolution: "web", shape: "round" }, "instagram-square"), 1200, 800);
    expect(o).toEqual({ resolution: "high", shape: "square", fileFormat: "png", width: 1200, height: 800 });
    expect(search(o)).toBe("resolution=high&shape=square&fileFormat=png&width=1200&height=800");
    expect(needsSubscription(o)).toBe(true);
    expect(chooseResolution(o, "web")).toEqual({ resolution: "web", shape: "square", fileFormat: "png" });
    expect(choosePreset(o, "twitter-profile")).toEqual({
      resolution: "high",
      shape: "square",
      fileFormat: "png",
      preset: "twitter-profile",
    });
    expect(fallbackFilename("Suit", o)).toBe("headshot-suit-1200x800.png");
  });
});
