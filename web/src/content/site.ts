/**
 * The site's name and the words every public page shares (the prerendered <head> and client navigation), in
 * the page's language (copy/messages/public): functions, so each call reads the locale being rendered.
 */
import { FREE_GENERATIONS } from "../../../domain/limits";
import { STYLES } from "../../../domain/styles";
import { capitalize } from "../../../domain/words";
import { getLocale, localePath, m } from "@/lib/copy";

/** "two free generations" / "zwei kostenlose Generierungen" (FREE_GENERATIONS in words), for the public pages' copy. */
export const freeTries = () => m.public_free_tries({ count: FREE_GENERATIONS, number: m.common_number_word({ count: FREE_GENERATIONS }) });
export const freeTriesCapitalized = () => capitalize(freeTries());
/** "2 free generations" (in figures). */
export const freeCount = () => m.public_free_count({ count: FREE_GENERATIONS });
/** "Ten" (a rule's figure in words, capitalized for the start of a heading). */
export const numberWordCapitalized = (n: number) => capitalize(m.common_number_word({ count: n }));

export const SITE_NAME = "Headshot Studio";
export const homeTitle = () => m.public_home_title();
export const homeDescription = () => m.public_home_description({ styles: STYLES.length, freeTries: freeTriesCapitalized() });
export const notFoundTitle = () => withSiteName(m.public_not_found_heading());

export const withSiteName = (title: string) => `${title} | ${SITE_NAME}`;

/**
 * A public page's address in the language being rendered: a German page's links stay German ("/de/services/x",
 * "/de/#pricing"); links into the signed-in app (/auth, /api/…) carry no language and are not passed here.
 */
export const publicHref = (path: string) => localePath(getLocale(), path);
