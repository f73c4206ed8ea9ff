/**
 * The signed-in app's language at run time (issue 50, decision 340): the tree re-renders in a new language (keyed on
 * it, under the session's providers so nothing signs in again), a chosen language is kept, and a signed-in account's
 * language is adopted or saved.
 */
import { Fragment, useCallback, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { getLocale, localeFromCookies, type Locale } from "@/lib/copy";
import { useAuth } from "@/shared/auth/auth-context";
import { updateProfile } from "@/features/account/api/update-profile";
import { adoptAccountLocale, applyLocale, onLocaleChange, rememberLocale } from "./locale";
import { UNSAVED_CHOICE_COOKIE } from "./locale-choice";

/** The language the app renders in; a change re-renders whoever reads it. */
export const useLocale = (): Locale => useSyncExternalStore(onLocaleChange, getLocale, getLocale);

const hasUnsavedChoice = () => new RegExp(`(^|;\\s*)${UNSAVED_CHOICE_COOKIE}=1(;|$)`).test(document.cookie);
const clearUnsavedChoice = () => {
  document.cookie = `${UNSAVED_CHOICE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
};

/**
 * Renders its children in the current language, again from scratch when it changes. Once the session is known: a
 * choice made on a public page is saved as the account's language; otherwise the account's language applies where
 * this browser has made no choice of its own.
 */
export function LocaleBoundary({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const { user, reloadUser } = useAuth();
  const account = user?.locale ?? null;
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    const chosen = localeFromCookies(document.cookie);
    if (chosen && hasUnsavedChoice()) {
      clearUnsavedChoice();
      if (chosen !== account) void updateProfile({ locale: chosen }).then(reloadUser, () => undefined);
      return;
    }
    adoptAccountLocale(account);
  }, [signedIn, account, reloadUser]);
  return <Fragment key={locale}>{children}</Fragment>;
}

/** What the app's switcher does: keep the choice on this browser, show the app in it, and save it for a signed-in account. */
export function useChooseLanguage(): (locale: Locale) => void {
  const { user, reloadUser } = useAuth();
  const signedIn = user !== null;
  return useCallback(
    (locale: Locale) => {
      rememberLocale(locale);
      applyLocale(locale);
      if (signedIn) void updateProfile({ locale }).then(reloadUser, () => undefined);
    },
    [signedIn, reloadUser],
  );
}
