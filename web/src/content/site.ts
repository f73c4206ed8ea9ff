/** The site's name and the titles every public page shares (the prerendered <head> and client navigation). */
import { FREE_GENERATIONS } from "../../../domain/limits";
import { STYLES } from "../../../domain/styles";
import { capitalize, count } from "../../../domain/words";

/** "two free generations" / "Two free generations" (FREE_GENERATIONS in words), for the public pages' copy. */
export const FREE_TRIES = count(FREE_GENERATIONS, "free generation", { words: true });
export const FREE_TRIES_CAPITALIZED = capitalize(FREE_TRIES);

export const SITE_NAME = "Headshot Studio";
export const HOME_TITLE = "Headshot Studio — professional AI headshots in seconds";
export const HOME_DESCRIPTION = `Turn one photo into a professional AI headshot in ${STYLES.length} studio styles, ready in seconds. ${FREE_TRIES_CAPITALIZED} after you verify your email.`;
export const NOT_FOUND_TITLE = `Page not found | ${SITE_NAME}`;

export const withSiteName = (title: string) => `${title} | ${SITE_NAME}`;
