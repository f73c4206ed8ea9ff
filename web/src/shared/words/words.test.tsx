import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { locales, m, setLocale } from "@/lib/copy";
import { BILLING_PLANS } from "@/lib/domain";
import { verdictsFor } from "@/shared/photo-check/verdicts";
import { customSizeWords, formatProblemWords, presetName } from "./download-words";
import { fairUseAllPlans, planName } from "@/shared/billing/plan-words";
import { rich } from "./rich";
import { styleDescription, styleName } from "./style-words";

afterEach(() => {
  cleanup();
  setLocale("en", { reload: false });
});

describe("the app's words follow the page's language (issue 50)", () => {
  it("style names come from the catalogue by id; an id it does not know is shown as stored", () => {
    expect(styleName("Suit")).toBe("Suit");
    setLocale("de", { reload: false });
    expect(styleName("Suit")).toBe("Anzug");
    expect(styleName("White Background")).toBe("Weißer Hintergrund");
    expect(styleDescription("Office")).toMatch(/Büro/);
    expect(styleName("Retired Style")).toBe("Retired Style");
  });

  it("domain's answers are said in the reader's language, with domain's numbers", () => {
    setLocale("it", { reload: false });
    expect(customSizeWords(10, 10)).toBe("Ogni lato deve essere un numero intero da 64 a 4096 pixel.");
    expect(customSizeWords(4096, 4096)).toMatch(/^Larghezza × altezza deve essere al massimo 4\.194\.304 pixel/);
    expect(customSizeWords(1000, 1000)).toBeNull();
    expect(formatProblemWords({ preset: "print-8x10", fileFormat: "webp" })).toMatch(/^La stampa 8×10/);
    expect(presetName("linkedin-banner")).toBe("Banner LinkedIn");
    expect(verdictsFor({ faces: [], brightness: 10, clipped: 0, sharpness: 10 })[0]!.title).toBe("La foto è troppo scura");
  });

  it("English reads as it did before the move", () => {
    expect(customSizeWords(4096, 4096)).toBe("Width × height must be at most 4,194,304 pixels (for example 2048×2048 or 4096×1024).");
    expect(fairUseAllPlans()).toBe(
      "fair use: up to 15 pictures at once, then 6 a day on Weekly, 5 a day on Monthly, 6 a week on Yearly and 3 a day per Team member",
    );
  });

  it("every plan's allowance is listed from the plan table, each plan named in the reader's language (decision 370)", () => {
    setLocale("de", { reload: false });
    expect(fairUseAllPlans()).toBe(
      "faire Nutzung: bis zu 15 Bilder auf einmal, danach 6 pro Tag bei Wöchentlich, 5 pro Tag bei Monatlich, 6 pro Woche bei Jährlich und 3 pro Tag je Team-Mitglied",
    );
    for (const locale of locales) {
      setLocale(locale, { reload: false });
      for (const id of BILLING_PLANS) expect(planName(id), `${locale} ${id}`).not.toMatch(/^common_|^$/);
    }
  });

  it("a sentence with an element keeps the translation's word order", () => {
    setLocale("de", { reload: false });
    render(<p data-testid="s">{rich(m.auth_remembered_it, { link: <a href="/auth">{m.auth_back_to_sign_in()}</a> })}</p>);
    expect(screen.getByTestId("s").textContent).toBe("Doch wieder eingefallen? Zurück zur Anmeldung");
    expect(screen.getByRole("link", { name: "Zurück zur Anmeldung" })).toBeTruthy();
  });
});
