/**
 * The product's words and formats (../../../copy), re-exported so web code imports them as "@/lib/copy".
 * In the web app, messages and formats read the page's locale: `m.key()`, `formatDate(d, getLocale())`.
 */
export * from "../../../copy";
