/**
 * /team/join?token=… — the invitation link: shows the team and the invited address, and joins once the
 * person is signed in with that address (sign-in or sign-up comes back here).
 */
import { Link, useLocation, useSearch } from "wouter";
import { errorMessage } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/lib/paths";
import { useAuth } from "@/shared/auth/auth-context";
import { useAcceptInvitation } from "./api/accept-invitation";
import { useInvitation } from "./api/get-invitation";

export function JoinTeam() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { user, status } = useAuth();
  const [, navigate] = useLocation();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const back = `${paths.teamJoin}?token=${encodeURIComponent(token)}`;

  if (invitation.isLoading || status === "loading") return null;
  if (!invitation.data) {
    return (
      <Alert variant="destructive">
        <AlertTitle>This invitation link doesn't work any more</AlertTitle>
        <AlertDescription>It may have been used, revoked or have expired. Ask the team's owner to send you a new one.</AlertDescription>
      </Alert>
    );
  }
  const { teamName, email } = invitation.data;
  const sameAddress = user?.email.toLowerCase() === email;

  async function onAccept() {
    try {
      await accept.mutateAsync(token);
      toast({ title: `Welcome to ${teamName}`, description: "Your seat is ready." });
      navigate(paths.team);
    } catch (err) {
      toast({ variant: "destructive", title: "Couldn't join the team", description: errorMessage(err, "Please try again.") });
    }
  }

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader>
        <CardTitle>Join {teamName}</CardTitle>
        <CardDescription>This invitation is for {email}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!user && (
          <>
            <p className="text-sm">Sign in or create an account with {email} to accept.</p>
            <div className="flex gap-2">
              <Button asChild>
                <Link href={`${paths.auth}?next=${encodeURIComponent(back)}`}>Sign in</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href={`${paths.signUp}&next=${encodeURIComponent(back)}`}>Sign up</Link>
              </Button>
            </div>
          </>
        )}
        {user && !sameAddress && (
          <p className="text-sm text-destructive">
            You're signed in as {user.email}. Sign in with {email} to accept this invitation.
          </p>
        )}
        {user && sameAddress && (
          <div>
            <Button onClick={() => void onAccept()} disabled={accept.isPending}>
              {accept.isPending ? "Joining..." : `Join ${teamName}`}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
