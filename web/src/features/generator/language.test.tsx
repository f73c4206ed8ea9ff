import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { formatDate, setLocale } from "@/lib/copy";
import { GenderStep } from "./gender-step";
import { estimateText } from "./processing-step";

afterEach(() => {
  cleanup();
  setLocale("en", { reload: false });
});

describe("the generator speaks the page's language (issue 50)", () => {
  it("the gender step reads German in German, English in English", () => {
    setLocale("de", { reload: false });
    render(<GenderStep value={null} onChoose={() => {}} />);
    expect(screen.getByRole("radiogroup", { name: "Geschlecht" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: /Frau/ })).toBeTruthy();
  });

  it("a long wait's time is in the reader's clock format and words", () => {
    const now = new Date(2026, 11, 5, 22, 0);
    const waitSeconds = 11 * 3600;
    setLocale("fr", { reload: false });
    expect(estimateText({ late: false, retrying: false, attempt: 1, waitSeconds }, now)).toBe(
      `Temps estimé : en file d'attente jusqu'à demain environ ${formatDate(new Date(2026, 11, 6, 9, 0), "fr", "time")} (votre heure)`,
    );
    setLocale("en", { reload: false });
    expect(estimateText({ late: false, retrying: false, attempt: 1, waitSeconds: 180 }, now)).toBe(
      "Estimated time: about 3 minutes (queued)",
    );
  });
});
