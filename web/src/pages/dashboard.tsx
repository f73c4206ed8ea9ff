import { useState } from "react";
import { Link } from "wouter";
import { ChevronDown, CreditCard, Images, LogOut, Shield, UserRound, WandSparkles } from "lucide-react";
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
import { useAuth } from "@/shared/auth/auth-context";
import { useSignOut } from "@/shared/auth/use-sign-out";
import { VerifyEmailBanner } from "@/features/auth/verify-email-banner";
import { CreditsBadge } from "@/features/billing/credits-badge";
import { useCheckoutReturn } from "@/features/billing/use-billing-returns";
import { Sidebar, SidebarItem, SidebarProvider, SidebarTrigger } from "@/features/dashboard/sidebar";
import { Gallery } from "@/features/gallery/gallery";
import { useWizard } from "@/features/generator/use-wizard";
import { Wizard } from "@/features/generator/wizard";
import { paths } from "@/lib/paths";
import { PageTitle } from "@/components/layout/page-title";

type View = "generate" | "gallery";

function UserMenu() {
  const { user } = useAuth();
  const signOut = useSignOut();
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const initial = (name || user.email).charAt(0).toUpperCase();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2" aria-label="User menu">
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary" aria-hidden="true">
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
            <UserRound aria-hidden="true" /> Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={paths.pricing}>
            <CreditCard aria-hidden="true" /> Pricing
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function DashboardPage() {
  const { user } = useAuth();
  const [view, setView] = useState<View>("generate");
  const wizard = useWizard();
  useCheckoutReturn();

  return (
    <SidebarProvider>
      <div className="flex min-h-dvh">
        <Sidebar label="Dashboard">
          {(collapsed) => (
            <>
              <div className="flex h-16 items-center gap-2 border-b px-2.5">
                <Link href={paths.home} className="flex min-w-0 items-center gap-2 rounded-md font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                  <LogoMark className="size-7 shrink-0 text-primary" />
                  <span className={collapsed ? "sr-only" : "truncate"}>Headshot Studio</span>
                </Link>
              </div>
              <div className="grid gap-1 p-2">
                <SidebarItem
                  icon={<WandSparkles />}
                  label="Generate New"
                  active={view === "generate"}
                  collapsed={collapsed}
                  onClick={() => {
                    // From a finished result, "Generate New" starts over; mid-wizard it keeps the choices.
                    if (wizard.state.step === 5) wizard.dispatch({ type: "reset" });
                    setView("generate");
                  }}
                />
                <SidebarItem
                  icon={<Images />}
                  label="My Gallery"
                  active={view === "gallery"}
                  collapsed={collapsed}
                  onClick={() => setView("gallery")}
                />
              </div>
              <div className="mx-2 h-px bg-border" />
              <div className="grid gap-1 p-2">
                <SidebarItem icon={<UserRound />} label="Account" collapsed={collapsed} href={paths.account} />
                <SidebarItem icon={<CreditCard />} label="Pricing" collapsed={collapsed} href={paths.pricing} />
                {user?.isOperator && <SidebarItem icon={<Shield />} label="Admin" collapsed={collapsed} href={paths.admin} />}
              </div>
            </>
          )}
        </Sidebar>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b bg-background/85 px-3 backdrop-blur sm:px-6">
            <div className="flex items-center gap-2">
              <SidebarTrigger />
              <PageTitle>{view === "generate" ? "Generate New" : "My Gallery"}</PageTitle>
              <h1 className="sr-only text-base font-semibold sm:not-sr-only">{view === "generate" ? "Generate New" : "My Gallery"}</h1>
            </div>
            <div className="flex items-center gap-2">
              <CreditsBadge />
              <UserMenu />
            </div>
          </header>
          <main id="main" className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8">
            <VerifyEmailBanner />
            <div hidden={view !== "generate"}>
              <Wizard state={wizard.state} dispatch={wizard.dispatch} />
            </div>
            {view === "gallery" && (
              <Gallery
                onOpen={(h) => {
                  wizard.openResult(h);
                  setView("generate");
                  window.scrollTo({ top: 0 });
                }}
                onCreate={() => {
                  if (wizard.state.step === 5) wizard.dispatch({ type: "reset" });
                  setView("generate");
                }}
              />
            )}
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
