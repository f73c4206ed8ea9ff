/** The site's name and the titles every public page shares (the prerendered <head> and client navigation). */
export const SITE_NAME = "Headshot Studio";
export const HOME_TITLE = "Headshot Studio — professional AI headshots in seconds";
export const HOME_DESCRIPTION =
  "Turn one photo into a professional AI headshot in 10 studio styles. 50K+ headshots generated, rated 4.9/5. Two free generations after you verify your email.";
export const NOT_FOUND_TITLE = `Page not found | ${SITE_NAME}`;

export const withSiteName = (title: string) => `${title} | ${SITE_NAME}`;
