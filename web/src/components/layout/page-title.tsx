import { m } from "@/lib/copy";

/** The page's document title (React 19 hoists <title> into <head>): "Page | Headshot Studio". */
export function PageTitle({ children }: { children?: string }) {
  return <title>{children ? `${children} | Headshot Studio` : m.public_home_title()}</title>;
}
