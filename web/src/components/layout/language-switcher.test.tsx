/** The language switcher and the page's language (issue 50, decision 340). */
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { locales, setLocale, type Locale } from "@/lib/copy";
import { pageLocale } from "@/lib/locale";
import { LOCALE_COOKIE_NAME, rememberLocaleOnClick } from "@/lib/locale-choice";
import { LOCALE_COOKIE } from "../../../../copy/negotiate";
import { LanguageSwitcher } from "./language-switcher";

const NAMES: Record<Locale, string> = { en: "English", de: "Deutsch", fr: "Français", es: "Español", it: "Italiano" };
/** A catalogue key shown as text: what a screen shows when a message is missing. */
const RAW_KEY = /\b(common|public|policies|auth|account|generator|gallery|dashboard|billing|team|emails|errors)_[a-z0-9_]+\b/;

afterEach(() => {
  setLocale("en", { reload: false });
  document.cookie = `${LOCALE_COOKIE_NAME}=; Max-Age=0; Path=/`;
});

describe("LanguageSwitcher on a public page", () => {
  it.each(locales)("in %s: links to the same page in each language, each named in itself, and says the current one", (locale) => {
    setLocale(locale, { reload: false });
    const { container } = render(<LanguageSwitcher id="language-menu" path="/services/cv-headshots" />);
    const button = container.querySelector("button[popovertarget=language-menu]")!;
    expect(button.textContent).toContain(NAMES[locale]); // its accessible name ("Sprache: Deutsch")
    const links = within(container.querySelector("#language-menu")!).getAllByRole("link", { hidden: true });
    expect(links.map((a) => [a.getAttribute("href"), a.getAttribute("lang"), a.textContent])).toEqual(
      locales.map((l) => [l === "en" ? "/services/cv-headshots" : `/${l}/services/cv-headshots`, l, NAMES[l]]),
    );
    expect(links.find((a) => a.getAttribute("aria-current") === "true")?.getAttribute("lang")).toBe(locale);
    expect(container.textContent).not.toMatch(RAW_KEY);
  });
});

describe("LanguageSwitcher in the app", () => {
  it("offers buttons that choose a language", () => {
    const chosen = vi.fn();
    render(<LanguageSwitcher id="app-language-menu" onChoose={chosen} />);
    fireEvent.click(screen.getByRole("button", { name: "Deutsch", hidden: true }));
    expect(chosen).toHaveBeenCalledWith("de");
  });
});

describe("the page's language", () => {
  it("is a public page's path's, whatever the cookie; the app's is the cookie's, then the browser's, then English", () => {
    expect(pageLocale("/fr/services/cv-headshots", "locale=de", ["it"])).toBe("fr");
    expect(pageLocale("/", "locale=de", ["it"])).toBe("en");
    expect(pageLocale("/dashboard", "locale=de", ["it"])).toBe("de");
    expect(pageLocale("/dashboard", "", ["pt-BR", "es-MX"])).toBe("es");
    expect(pageLocale("/account", "locale=zz", ["ja"])).toBe("en");
  });

  it("a language link keeps its choice in the locale cookie (the name copy/negotiate.ts reads)", () => {
    expect(LOCALE_COOKIE_NAME).toBe(LOCALE_COOKIE);
    const { container } = render(<LanguageSwitcher id="language-menu" path="/" />);
    rememberLocaleOnClick(container.querySelector('a[lang="it"]'));
    expect(document.cookie).toMatch(/(^|; )locale=it(;|$)/);
  });
});
