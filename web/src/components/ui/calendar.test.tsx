import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { setLocale } from "@/lib/copy";
import { Calendar } from "./calendar";

afterEach(() => {
  cleanup();
  setLocale("en", { reload: false });
});

const march = new Date(2026, 2, 1);

describe("Calendar (issue 50)", () => {
  it("names each day from its visible number, in English as before", () => {
    render(<Calendar mode="single" month={march} selected={new Date(2026, 2, 3)} />);
    expect(screen.getByRole("grid", { name: "March 2026" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "3 March 2026, Tuesday, selected" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Go to the Next Month" })).toBeTruthy();
  });

  it("speaks the page's language: month, weekdays, the day's name, the navigation and a Monday-first week", () => {
    setLocale("de", { reload: false });
    render(<Calendar mode="single" month={march} selected={new Date(2026, 2, 3)} />);
    expect(screen.getByRole("grid", { name: "März 2026" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "3. März 2026, Dienstag, ausgewählt" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Zum nächsten Monat" })).toBeTruthy();
    expect(document.querySelector("th[scope=col]")?.getAttribute("aria-label")).toBe("Montag");
  });

  it("in French too", () => {
    setLocale("fr", { reload: false });
    render(<Calendar mode="single" month={march} />);
    expect(screen.getByRole("button", { name: "3 mars 2026, mardi" })).toBeTruthy();
  });
});
