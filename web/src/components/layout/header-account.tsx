import type { ReactNode } from "react";
import { clsx as cn } from "clsx";
import { buttonVariants } from "@/components/ui/button-variants";
import { useSessionSummary, type SessionSummary } from "@/shared/auth/session-summary";
import { paths } from "@/lib/paths";
import { m } from "@/lib/copy";
import { AccountMenu } from "./account-menu";

/**
 * Sign In and Get Started, both to /auth (SPEC §2): Get Started opens its Sign Up tab. Sign In is quieter
 * than the main action.
 */
function SignedOutActions({ signIn }: { signIn: "ghost" | "outline" }) {
  return (
    <>
      <a href={paths.auth} className={buttonVariants({ variant: signIn })}>
        {m.auth_sign_in()}
      </a>
      <a href={paths.signUp} className={buttonVariants()}>
        {m.auth_get_started()}
      </a>
    </>
  );
}

/**
 * What a signed-in and a signed-out visitor see, for a session that may not be known yet. Until it is (the
 * prerendered page, and a public page before its header island has asked), both are in the markup and the
 * page's first script picks one from the signed-in hint (`html.signed-in`, index.css, decision 120): the
 * right one is in the first paint, without a request or any framework code. Once known, only that one is
 * rendered. The two wrappers stay in place either way, so an open Account menu stays open.
 */
function BySession({ status, signedIn, signedOut }: { status: SessionSummary["status"]; signedIn: ReactNode; signedOut: ReactNode }) {
  const unknown = status === "loading";
  return (
    <>
      <div className={cn("contents", unknown && "when-signed-in")}>{status !== "signedOut" && signedIn}</div>
      <div className={cn("contents", unknown && "when-signed-out")}>{status !== "signedIn" && signedOut}</div>
    </>
  );
}

/** Header actions at md and up: Sign In + Get Started (→ /auth), or the Account menu (Dashboard, Settings, Sign Out). */
export function AccountArea() {
  const { status, email, signOut } = useSessionSummary();
  return (
    <BySession status={status} signedIn={<AccountMenu email={email} signOut={signOut} />} signedOut={<SignedOutActions signIn="ghost" />} />
  );
}

/** The same in the mobile menu, as plain links. */
export function MobileAccountArea() {
  const { status, email, signOut } = useSessionSummary();
  return (
    <BySession
      status={status}
      signedOut={<SignedOutActions signIn="outline" />}
      signedIn={
        <>
          {/* the line keeps its height while the email is still being asked for */}
          <p className="min-h-5 truncate px-3 text-sm text-muted-foreground">{email}</p>
          <a href={paths.dashboard} className={buttonVariants()}>
            {m.account_menu_dashboard()}
          </a>
          <a href={paths.account} className={buttonVariants({ variant: "outline" })}>
            {m.account_menu_settings()}
          </a>
          <button type="button" className={buttonVariants({ variant: "ghost" })} onClick={signOut}>
            {m.account_menu_sign_out()}
          </button>
        </>
      }
    />
  );
}
