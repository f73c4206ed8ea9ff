/**
 * The page a team's link opens, one for both ways in (issue 37): an invitation (/team/join, ./join-team.tsx) and
 * a capture link (/team/capture, ./join-by-link.tsx). It shows the team and who the link is for; signed out,
 * sign-in or sign-up comes back here; signed in with an address the link is not for, it says so and offers to
 * sign in with another account, which comes back here too (issue 46); otherwise "Join" takes the seat (unless the
 * way in asks something first: a capture link, a confirmed address). The pages put the site's header above it
 * (pages/team.tsx), with its account menu and Sign Out.
 */
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { errorText } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { m } from "@/lib/copy";
import { paths } from "@/lib/paths";
import { useAuth } from "@/shared/auth/auth-context";

export interface JoinPageProps {
  /** this page's own address, where sign-in and sign-up come back to */
  back: string;
  loading: boolean;
  /** the team's name; null when the link no longer works */
  teamName: string | null;
  /** what to say when the link no longer works */
  invalid: { title: string; description: string };
  /** who the link is for, under the team's name */
  forWhom: string;
  /** what a signed-out visitor is asked */
  signedOut: string;
  /** why the signed-in person cannot use the link (another address), or null when they can */
  wrongAddress: (email: string) => string | null;
  /** what the person must do before joining (shown instead of "Join"), if anything */
  before?: ReactNode;
  join: { run: () => Promise<unknown>; pending: boolean };
}

export function JoinPage({ back, loading, teamName, invalid, forWhom, signedOut, wrongAddress, before, join }: JoinPageProps) {
  const { user, status, signOut } = useAuth();
  const [, navigate] = useLocation();
  const signInAgain = `${paths.auth}?next=${encodeURIComponent(back)}`;

  if (loading || status === "loading") return <PageSpinner caption={m.team_link_opening()} />;
  if (teamName === null) {
    return (
      <div className="mx-auto grid w-full max-w-lg gap-3">
        <Alert variant="destructive">
          <AlertTitle>{invalid.title}</AlertTitle>
          <AlertDescription>{invalid.description}</AlertDescription>
        </Alert>
        {/* a dead end otherwise: the page has no navigation of its own */}
        <Button asChild variant="outline" className="justify-self-start">
          <Link href={user ? paths.dashboard : paths.home}>{user ? m.team_go_dashboard() : m.team_go_home()}</Link>
        </Button>
      </div>
    );
  }
  const refused = user ? wrongAddress(user.email) : null;

  /** Signs out and opens sign-in, which comes back to this page with the other account. */
  async function onSwitchAccount() {
    try {
      await signOut(() => navigate(signInAgain));
    } catch (err) {
      toast({ variant: "destructive", title: m.team_sign_out_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }

  async function onJoin() {
    try {
      await join.run();
      toast({ title: m.team_welcome({ team: teamName ?? "" }), description: m.team_welcome_body() });
      navigate(paths.team);
    } catch (err) {
      toast({ variant: "destructive", title: m.team_join_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader>
        <CardTitle>{m.team_join({ team: teamName })}</CardTitle>
        <CardDescription className="break-words">{forWhom}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!user && (
          <>
            <p className="text-sm">{signedOut}</p>
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <Link href={signInAgain}>{m.team_sign_in()}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href={`${paths.signUp}&next=${encodeURIComponent(back)}`}>{m.team_sign_up()}</Link>
              </Button>
            </div>
          </>
        )}
        {user && refused && (
          <>
            <p className="text-sm text-destructive" role="alert">
              {refused}
            </p>
            <div>
              <Button variant="outline" onClick={() => void onSwitchAccount()}>
                {m.team_use_other_account()}
              </Button>
            </div>
          </>
        )}
        {user && !refused && before}
        {user && !refused && !before && (
          <div>
            <Button onClick={() => void onJoin()} disabled={join.pending}>
              {join.pending ? m.team_joining() : m.team_join({ team: teamName })}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
