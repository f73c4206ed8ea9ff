/**
 * The language switcher (issue 50, decision 340): in the site's header (public pages and the app) and on /account.
 * A menu of the browser's own popover (decision 181: it opens with no script), each language named in itself
 * ("Deutsch", "Français") and marked with its `lang`.
 * - On a public page (`path` given: the page without its language prefix) each is a plain link to the same page in
 *   that language, so it works before any script, and crawlers see the alternates; the page's entry (main.tsx,
 *   `rememberLocaleOnClick`) writes the choice into the `locale` cookie on the way.
 * - In the signed-in app (no `path`: its pages have one address in every language) each is a button: the choice is
 *   kept in the cookie, the app re-renders in it, and a signed-in account saves it as its language (emails, receipts,
 *   Stripe's pages) through `onChoose`.
 */
import { clsx as cn } from "clsx";
import { getLocale, localePath, locales, m, type Locale } from "@/lib/copy";
import { LOCALE_CHOICE_ATTRIBUTE } from "@/lib/locale-choice";
import { DisclosureMenu } from "./disclosure-menu";

const item =
  "flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[current=true]:font-semibold";

export function LanguageSwitcher({
  id,
  path,
  onChoose,
  className,
  align = "end",
}: {
  /** the menu's id, unique on the page (the header has two: wide and mobile) */
  id: string;
  /** a public page's path without its language prefix: links to the same page in each language */
  path?: string;
  /** the app: what choosing a language does (chooseLanguage, with the account's saving) */
  onChoose?: (locale: Locale) => void;
  className?: string;
  align?: "start" | "end";
}) {
  const current = getLocale();
  const name = (locale: Locale) => m.common_language_name({}, { locale });
  return (
    <DisclosureMenu
      id={id}
      align={align}
      buttonClassName={cn(
        "inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
      panelClassName="w-48"
      label={
        <>
          <span aria-hidden="true">{current.toUpperCase()}</span>
          {/* the accessible name: "Language: English" in the page's own language */}
          <span className="sr-only">{`${m.common_language_label()}: ${name(current)}`}</span>
        </>
      }
    >
      <ul aria-label={m.common_language_label()}>
        {locales.map((locale) => (
          <li key={locale}>
            {path !== undefined ? (
              <a
                href={localePath(locale, path)}
                hrefLang={locale}
                lang={locale}
                aria-current={locale === current}
                {...{ [LOCALE_CHOICE_ATTRIBUTE]: locale }}
                className={item}
              >
                {name(locale)}
              </a>
            ) : (
              <button
                type="button"
                lang={locale}
                aria-current={locale === current}
                {...{ [LOCALE_CHOICE_ATTRIBUTE]: locale }}
                className={item}
                onClick={() => {
                  document.getElementById(id)?.hidePopover?.();
                  onChoose?.(locale);
                }}
              >
                {name(locale)}
              </button>
            )}
          </li>
        ))}
      </ul>
    </DisclosureMenu>
  );
}
