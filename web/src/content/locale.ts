/**
 * Rendering in a language: the build renders every public page once per locale (web/build/build.ts), and the
 * messages read the locale through `getLocale()` (copy/), so it is set around each render and put back after.
 */
import { getLocale, overwriteGetLocale, type Locale } from "@/lib/copy";

/** Runs `fn` with `getLocale()` answering `locale`, then restores what answered before (after a promise settles). */
export function withLocale<T>(locale: Locale, fn: () => T): T {
  const previous = getLocale;
  overwriteGetLocale(() => locale);
  let result: T;
  try {
    result = fn();
  } catch (error) {
    overwriteGetLocale(previous);
    throw error;
  }
  if (result instanceof Promise) return result.finally(() => overwriteGetLocale(previous)) as T;
  overwriteGetLocale(previous);
  return result;
}
