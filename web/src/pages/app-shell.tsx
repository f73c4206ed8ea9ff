import type { ReactNode } from "react";
import { Link } from "wouter";
import { ChevronDown, CreditCard, Images, LogOut, Shield, UserRound, Users, WandSparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { LogoMark } from "@/components/layout/logo";
import { AppLanguageSwitcher } from "@/components/layout/app-language-switcher";
import { PageTitle } from "@/components/layout/page-title";
import { useAuth } from "@/shared/auth/auth-context";
import { useSignOut } from "@/shared/auth/use-sign-out";
import { VerifyEmailBanner } from "@/features/auth/verify-email-banner";
import { CreditsBadge } from "@/features/billing/credits-badge";
import { paths } from "@/lib/paths";
import { m } from "@/lib/copy";
import { Sidebar, SidebarItem, SidebarProvider, SidebarTrigger } from "@/features/dashboard/sidebar";

/** Where in the signed-in app a page is: its sidebar item is marked as the current one. */
export type AppSection = "generate" | "gallery" | "account" | "pricing" | "team";
/** The dashboard's two views. */
export type DashboardView = "generate" | "gallery";

function UserMenu() {
  const { user } = useAuth();
  const signOut = useSignOut();
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const initial = (name || user.email).charAt(0).toUpperCase();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2" aria-label={m.dashboard_user_menu()}>
          <span
            className="inline-flex size-8 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
            aria-hidden="true"
          >
            {initial}
          </span>
          <ChevronDown className="opacity-60" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5 font-normal">
          {name && <span className="truncate text-sm font-semibold text-foreground">{name}</span>}
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={paths.account}>
            <UserRound aria-hidden="true" /> {m.dashboard_account()}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={paths.pricing}>
            <CreditCard aria-hidden="true" /> {m.dashboard_pricing()}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" /> {m.dashboard_sign_out()}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * Every signed-in page but /admin (which has its own header, SPEC §2): the sidebar, the header with the
 * page's title, the credits badge and the user menu, and the verification banner above the page.
 * On the dashboard, Generate New and My Gallery switch its view (`onView`); on the other pages they are
 * links to that view's URL (decision 102).
 */
export function AppShell({
  title,
  section,
  onView,
  children,
}: {
  title: string;
  section: AppSection;
  onView?: (view: DashboardView) => void;
  children: ReactNode;
}) {
  const { user } = useAuth();
  const view = (v: DashboardView) => (onView ? { onClick: () => onView(v) } : { href: v === "gallery" ? paths.gallery : paths.dashboard });
  return (
    <SidebarProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        {m.dashboard_skip_to_content()}
      </a>
      <div className="flex min-h-dvh">
        <Sidebar label={m.dashboard_nav_label()}>
          {(collapsed) => (
            <>
              <div className="flex h-16 items-center gap-2 border-b px-2.5">
                <Link
                  href={paths.home}
                  className="flex min-w-0 items-center gap-2 rounded-md font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <LogoMark className="size-7 shrink-0 text-primary" />
                  <span className={collapsed ? "sr-only" : "truncate"}>Headshot Studio</span>
                </Link>
              </div>
              <div className="grid gap-1 p-2">
                <SidebarItem
                  icon={<WandSparkles />}
                  label={m.dashboard_generate_new()}
                  active={section === "generate"}
                  collapsed={collapsed}
                  {...view("generate")}
                />
                <SidebarItem
                  icon={<Images />}
                  label={m.dashboard_my_gallery()}
                  active={section === "gallery"}
                  collapsed={collapsed}
                  {...view("gallery")}
                />
              </div>
              <div className="mx-2 h-px bg-border" />
              <div className="grid gap-1 p-2">
                <SidebarItem
                  icon={<UserRound />}
                  label={m.dashboard_account()}
                  active={section === "account"}
                  collapsed={collapsed}
                  href={paths.account}
                />
                <SidebarItem
                  icon={<CreditCard />}
                  label={m.dashboard_pricing()}
                  active={section === "pricing"}
                  collapsed={collapsed}
                  href={paths.pricing}
                />
                <SidebarItem
                  icon={<Users />}
                  label={m.dashboard_team()}
                  active={section === "team"}
                  collapsed={collapsed}
                  href={paths.team}
                />
                {user?.isOperator && <SidebarItem icon={<Shield />} label={m.dashboard_admin()} collapsed={collapsed} href={paths.admin} />}
              </div>
            </>
          )}
        </Sidebar>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b bg-background/85 px-3 backdrop-blur sm:px-6">
            <div className="flex min-w-0 items-center gap-2">
              <SidebarTrigger />
              <PageTitle>{title}</PageTitle>
              <h1 className="sr-only truncate text-base font-semibold sm:not-sr-only">{title}</h1>
            </div>
            {/* min-w-0: on a phone the credits badge gives way (its words wrap), never the user menu (issue 50) */}
            <div className="flex min-w-0 items-center gap-2">
              <AppLanguageSwitcher id="app-language-menu" />
              <CreditsBadge />
              <UserMenu />
            </div>
          </header>
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto grid w-full max-w-6xl content-start gap-6 px-4 py-6 focus:outline-none sm:px-6 sm:py-8"
          >
            <VerifyEmailBanner />
            {children}
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
