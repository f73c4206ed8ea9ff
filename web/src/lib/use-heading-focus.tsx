import { createContext, useContext, useEffect, useRef, type ReactNode, type RefObject } from "react";

const LastShown = createContext<RefObject<string | null> | null>(null);

/** Remembers what the dashboard showed last, across its views (wizard, a headshot, the gallery). */
export function FocusMemory({ children }: { children: ReactNode }) {
  const last = useRef<string | null>(null);
  return <LastShown.Provider value={last}>{children}</LastShown.Provider>;
}

/**
 * A ref for a view's heading (give it tabIndex -1): when what the dashboard shows changes to `key`, focus
 * moves to that heading, so keyboard and screen-reader users continue from the new step instead of the
 * top of the page (issue 23). What is shown first on page load does not take focus.
 */
export function useHeadingFocus(key: string) {
  const memory = useContext(LastShown);
  const local = useRef<string | null>(null);
  const last = memory ?? local;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (last.current !== null && last.current !== key) heading.current?.focus();
    last.current = key;
  }, [key, last]);
  return heading;
}
