import { ChevronDown, LayoutDashboard, LogOut, Settings, UserRound } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { useSessionSummary } from "@/shared/auth/session-summary";
import { paths } from "@/lib/paths";
import { clsx as cn } from "clsx";
import { DisclosureMenu } from "./disclosure-menu";

const item =
  "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:text-muted-foreground";

/**
 * Header actions: Sign In + Get Started (→ /auth) when signed out; the Account menu (Dashboard, Settings,
 * Sign Out) when signed in. Plain links: /auth and the dashboard belong to the signed-in app.
 */
export function AccountArea() {
  const { status, email, signOut } = useSessionSummary();
  if (status === "signedIn") {
    return (
      <DisclosureMenu
        align="end"
        panelClassName="w-60"
        buttonClassName={cn(buttonVariants({ variant: "outline" }))}
        label={
          <>
            <UserRound aria-hidden="true" /> Account <ChevronDown aria-hidden="true" className="opacity-60" />
          </>
        }
      >
        {() => (
          <>
            <p className="truncate px-3 py-2 text-sm text-muted-foreground">{email}</p>
            <div className="my-1 h-px bg-border" />
            <a href={paths.dashboard} className={item}>
              <LayoutDashboard aria-hidden="true" /> Dashboard
            </a>
            <a href={paths.account} className={item}>
              <Settings aria-hidden="true" /> Settings
            </a>
            <div className="my-1 h-px bg-border" />
            <button type="button" className={item} onClick={signOut}>
              <LogOut aria-hidden="true" /> Sign Out
            </button>
          </>
        )}
      </DisclosureMenu>
    );
  }
  return (
    <>
      <a href={paths.auth} className={buttonVariants({ variant: "ghost" })}>
        Sign In
      </a>
      <a href={paths.auth} className={buttonVariants()}>
        Get Started
      </a>
    </>
  );
}

export function MobileAccountArea() {
  const { status, email, signOut } = useSessionSummary();
  if (status !== "signedIn") {
    return (
      <>
        <a href={paths.auth} className={buttonVariants({ variant: "outline" })}>
          Sign In
        </a>
        <a href={paths.auth} className={buttonVariants()}>
          Get Started
        </a>
      </>
    );
  }
  return (
    <>
      <p className="truncate px-3 text-sm text-muted-foreground">{email}</p>
      <a href={paths.dashboard} className={buttonVariants()}>
        Dashboard
      </a>
      <a href={paths.account} className={buttonVariants({ variant: "outline" })}>
        Settings
      </a>
      <button type="button" className={buttonVariants({ variant: "ghost" })} onClick={signOut}>
        Sign Out
      </button>
    </>
  );
}
