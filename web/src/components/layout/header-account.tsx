import { lazy, Suspense } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { useSessionSummary } from "@/shared/auth/session-summary";
import { paths } from "@/lib/paths";

const AccountMenu = lazy(() => import("./account-menu").then((m) => ({ default: m.AccountMenu })));

/**
 * Header actions: Sign In + Get Started (→ /auth) when signed out; the Account menu (Dashboard, Settings,
 * Sign Out) when signed in, loaded only then. Plain links: /auth and the dashboard belong to the signed-in app.
 */
/** Sign In and Get Started, both to /auth (SPEC §2); Sign In is quieter than the main action. */
function SignedOutActions({ signIn }: { signIn: "ghost" | "outline" }) {
  return (
    <>
      <a href={paths.auth} className={buttonVariants({ variant: signIn })}>
        Sign In
      </a>
      <a href={paths.auth} className={buttonVariants()}>
        Get Started
      </a>
    </>
  );
}

export function AccountArea() {
  const { status, email, signOut } = useSessionSummary();
  if (status === "signedIn") {
    return (
      <Suspense fallback={<div className="h-10 w-32" aria-hidden="true" />}>
        <AccountMenu email={email} signOut={signOut} />
      </Suspense>
    );
  }
  return <SignedOutActions signIn="ghost" />;
}

export function MobileAccountArea() {
  const { status, email, signOut } = useSessionSummary();
  if (status !== "signedIn") return <SignedOutActions signIn="outline" />;
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
