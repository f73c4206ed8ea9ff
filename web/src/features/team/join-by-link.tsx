/**
 * /team/capture?token=… — a team's capture link (issue 37): shows the team and its domains; once the
 * person is signed in with a verified address at one of them, "Join" takes a seat. Sign-in or sign-up
 * comes back here; an unverified address is asked to open the verification mail first.
 */
import { Link, useLocation, useSearch } from "wouter";
import { errorMessage } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { domainAllowed } from "@/lib/domain";
import { paths } from "@/lib/paths";
import { useAuth } from "@/shared/auth/auth-context";
import { useCaptureLink, useJoinByLink, useResendVerificationMail } from "./api/join-by-link";

export function JoinByLink() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { user, status } = useAuth();
  const [, navigate] = useLocation();
  const link = useCaptureLink(token);
  const join = useJoinByLink();
  const resend = useResendVerificationMail();
  const back = `${paths.teamCapture}?token=${encodeURIComponent(token)}`;

  if (link.isLoading || status === "loading") return <PageSpinner caption="Opening the link..." />;
  if (!link.data) {
    return (
      <Alert variant="destructive">
        <AlertTitle>This link doesn't work any more</AlertTitle>
        <AlertDescription>It may have expired, been revoked or be full. Ask the team's owner for a new one.</AlertDescription>
      </Alert>
    );
  }
  const { teamName, domains } = link.data;
  const at = domains.map((d) => `@${d}`).join(", ");
  const rightDomain = user ? domainAllowed(user.email, domains) : false;

  async function onJoin() {
    try {
      await join.mutateAsync(token);
      toast({ title: `Welcome to ${teamName}`, description: "Your seat is ready." });
      navigate(paths.team);
    } catch (err) {
      toast({ variant: "destructive", title: "Couldn't join the team", description: errorMessage(err, "Please try again.") });
    }
  }

  async function onResend() {
    try {
      await resend.mutateAsync();
      toast({ title: "Verification Email Sent", description: "Please check your inbox and spam folder" });
    } catch (err) {
      toast({ variant: "destructive", title: "Failed to Resend", description: errorMessage(err, "Please try again later.") });
    }
  }

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader>
        <CardTitle>Join {teamName}</CardTitle>
        <CardDescription className="break-words">For work addresses at {at}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!user && (
          <>
            <p className="text-sm">Sign in or create an account with your work address to join.</p>
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <Link href={`${paths.auth}?next=${encodeURIComponent(back)}`}>Sign in</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href={`${paths.signUp}&next=${encodeURIComponent(back)}`}>Sign up</Link>
              </Button>
            </div>
          </>
        )}
        {user && !rightDomain && (
          <p className="text-sm text-destructive" role="alert">
            You're signed in as {user.email}. This link is for addresses at {at}: sign in with your work address to join.
          </p>
        )}
        {user && rightDomain && !user.emailVerified && (
          <div className="grid gap-2" role="status">
            <p className="text-sm">
              Please confirm {user.email} first: open the link we emailed you, then come back to this page and join.
            </p>
            <div>
              <Button variant="outline" onClick={() => void onResend()} disabled={resend.isPending}>
                Send the email again
              </Button>
            </div>
          </div>
        )}
        {user && rightDomain && user.emailVerified && (
          <div>
            <Button onClick={() => void onJoin()} disabled={join.isPending}>
              {join.isPending ? "Joining..." : `Join ${teamName}`}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
