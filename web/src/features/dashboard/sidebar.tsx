import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { PanelLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import { m } from "@/lib/copy";

/** SPEC §9 layout constants. */
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7; // 7 days
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_ICON = "3rem";
export const SIDEBAR_KEYBOARD_SHORTCUT = "b";
export const MOBILE_BREAKPOINT = 768;

export function useIsMobile() {
  const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;
  const [mobile, setMobile] = useState(() => typeof window !== "undefined" && window.matchMedia?.(query).matches);
  useEffect(() => {
    const mql = window.matchMedia?.(query);
    if (!mql) return;
    const on = () => setMobile(mql.matches);
    on();
    mql.addEventListener("change", on);
    return () => mql.removeEventListener("change", on);
  }, [query]);
  return Boolean(mobile);
}

function readCookieOpen(): boolean {
  const m = /(?:^|;\s*)sidebar_state=(true|false)/.exec(document.cookie);
  return m ? m[1] === "true" : true;
}

interface SidebarCtx {
  open: boolean;
  openMobile: boolean;
  isMobile: boolean;
  setOpenMobile(o: boolean): void;
  toggle(): void;
}

const Ctx = createContext<SidebarCtx | null>(null);

export function useSidebar() {
  const c = useContext(Ctx);
  if (!c) throw new Error("useSidebar must be used inside <SidebarProvider>");
  return c;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(readCookieOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((o: boolean) => {
    setOpenState(o);
    document.cookie = `${SIDEBAR_COOKIE_NAME}=${o}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (e.metaKey || e.ctrlKey)) {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  const value = useMemo(() => ({ open, openMobile, isMobile, setOpenMobile, toggle }), [open, openMobile, isMobile, toggle]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggle, open, openMobile, isMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn("size-9", className)}
      onClick={toggle}
      aria-label={m.dashboard_toggle_sidebar()}
      aria-expanded={isMobile ? openMobile : open}
      aria-keyshortcuts="Control+B Meta+B"
      title={m.dashboard_toggle_sidebar_title()}
    >
      <PanelLeft aria-hidden="true" />
    </Button>
  );
}

/** Desktop: a fixed rail (16rem, or 3rem with icons only). Mobile (<768px): an 18rem sheet. */
export function Sidebar({ children, label }: { children: (collapsed: boolean) => ReactNode; label: string }) {
  const { open, openMobile, setOpenMobile, isMobile } = useSidebar();
  if (isMobile) {
    return (
      <DialogPrimitive.Root open={openMobile} onOpenChange={setOpenMobile}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <DialogPrimitive.Content
            className="fixed inset-y-0 left-0 z-50 flex flex-col border-r bg-background shadow-xl focus:outline-none"
            style={{ width: SIDEBAR_WIDTH_MOBILE }}
            aria-describedby={undefined}
          >
            <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
            <nav aria-label={label} className="flex h-full flex-col">
              {children(false)}
            </nav>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }
  return (
    <aside
      className="sticky top-0 hidden h-dvh shrink-0 flex-col border-r bg-muted/30 transition-[width] duration-200 ease-out md:flex"
      style={{ width: open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON }}
      data-state={open ? "expanded" : "collapsed"}
    >
      <nav aria-label={label} className="flex h-full flex-col overflow-hidden">
        {children(!open)}
      </nav>
    </aside>
  );
}

export function SidebarItem({
  icon,
  label,
  active,
  collapsed,
  onClick,
  href,
  state,
}: {
  icon: ReactNode;
  label: string;
  active?: boolean;
  collapsed: boolean;
  onClick?: () => void;
  href?: string;
  /** History state for a link (the dashboard reads which view to open from it). */
  state?: unknown;
}) {
  const { isMobile, setOpenMobile } = useSidebar();
  const cls = cn(
    "flex h-9 w-full items-center gap-3 rounded-md px-2.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0",
    active ? "bg-primary/10 text-primary" : "text-muted-foreground hover:bg-muted hover:text-foreground",
    collapsed && "justify-center px-0",
  );
  const content = (
    <>
      {icon}
      <span className={cn(collapsed && "sr-only")}>{label}</span>
    </>
  );
  const handle = () => {
    onClick?.();
    if (isMobile) setOpenMobile(false);
  };
  const el = href ? (
    <Link href={href} state={state} className={cls} onClick={handle} aria-current={active ? "page" : undefined}>
      {content}
    </Link>
  ) : (
    <button type="button" className={cls} onClick={handle} aria-current={active ? "page" : undefined}>
      {content}
    </button>
  );
  if (!collapsed) return el;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{el}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
