import type { ReactNode } from "react";
import { Link } from "wouter";
import { CreditCard } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { DeleteAccountDialog } from "@/features/account/delete-account-dialog";
import { useAuth } from "@/shared/auth/auth-context";
import { VerifyEmailBanner } from "@/features/auth/verify-email-banner";
import { isActiveSubscription, useSubscription } from "@/shared/api/get-subscription";
import { PLANS } from "@/lib/domain";
import { paths } from "@/lib/paths";
import { PageTitle } from "@/components/layout/page-title";

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="break-all text-sm font-medium">{value}</dd>
    </div>
  );
}

function SubscriptionSection() {
  const { data: sub, isLoading } = useSubscription();
  const plan = sub ? PLANS.find((p) => p.id === sub.planType) : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription</CardTitle>
        <CardDescription>Your plan and billing.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading ? (
          <Spinner label="Loading subscription" />
        ) : sub && isActiveSubscription(sub) ? (
          <dl className="grid gap-3">
            <Field label="Plan" value={plan?.name ?? sub.planType} />
            <Field label="Status" value={<Badge variant="success">{sub.status}</Badge>} />
            <Field
              label="Next billing date"
              value={sub.currentPeriodEnd ? new Date(sub.currentPeriodEnd).toLocaleDateString() : "—"}
            />
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">
            You're on the free plan. Subscribe for unlimited generations, high-resolution downloads and no watermark.
          </p>
        )}
        <p className="text-xs text-muted-foreground">Plan changes and billing management are coming soon.</p>
        <div>
          <Button asChild variant="outline">
            <Link href={paths.pricing}>
              <CreditCard aria-hidden="true" /> Change Plan
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function AccountPage() {
  const { user } = useAuth();
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
      <SubscriptionSection />
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
