import { useEffect } from "react";

/**
 * Keeps document.title in step on client-side navigation between public pages. The prerendered <head>
 * has the same title on load (content/seo.ts), so nothing is rendered here.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
