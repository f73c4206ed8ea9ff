export const SITE_TITLE = "Headshot Studio — professional AI headshots in seconds";

/** The page's document title (React 19 hoists <title> into <head>): "Page | Headshot Studio". */
export function PageTitle({ children }: { children?: string }) {
  return <title>{children ? `${children} | Headshot Studio` : SITE_TITLE}</title>;
}
