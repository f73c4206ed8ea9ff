import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DeleteAccountDialog } from "@/features/account/delete-account-dialog";
import { useAuth } from "@/shared/auth/auth-context";
import { VerifyEmailBanner } from "@/features/auth/verify-email-banner";
import { SubscriptionPanel } from "@/features/billing/subscription-panel";
import { usePortalReturn } from "@/features/billing/use-billing-returns";
import { PageTitle } from "@/components/layout/page-title";

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="break-all text-sm font-medium">{value}</dd>
    </div>
  );
}

export function AccountPage() {
  const { user } = useAuth();
  usePortalReturn();
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
      <PageTitle>Account settings</PageTitle>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Account settings</h1>
        <p className="mt-1 text-muted-foreground">Manage your profile, subscription and data.</p>
      </div>
      <VerifyEmailBanner />
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3">
            <Field label="Email" value={user.email} />
            <Field label="Name" value={name || <span className="text-muted-foreground">Not set</span>} />
            <Field
              label="Email status"
              value={user.emailVerified ? <Badge variant="success">Verified</Badge> : <Badge variant="secondary">Not verified</Badge>}
            />
          </dl>
        </CardContent>
      </Card>
      <SubscriptionPanel />
      <Card className="border-destructive/30">
        <CardHeader>
          <CardTitle>Delete account</CardTitle>
          <CardDescription>
            Permanently delete your account, your uploaded photos and all generated headshots.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DeleteAccountDialog />
        </CardContent>
      </Card>
    </div>
  );
}
