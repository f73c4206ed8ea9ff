import type { ReactNode } from "react";
import { ConsentBanner } from "@/shared/pixel/consent-banner";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { Island } from "./island";
import { m, splitLocalePath } from "@/lib/copy";

/**
 * The public pages' frame, a flex column. The consent banner comes first in the markup, so the keyboard
 * reaches it early; the header, which takes `order: -1`, is drawn above it (decision 121).
 */
export function PublicLayout({
  path,
  children,
}: {
  /** the page's path, with or without its language prefix */ path: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        {m.common_skip_to_content()}
      </a>
      <ConsentBanner />
      <Island name="header">
        <SiteHeader path={splitLocalePath(path).path} />
      </Island>
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
