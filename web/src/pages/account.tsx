import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DeleteAccountDialog } from "@/features/account/delete-account-dialog";
import { EmailSettings } from "@/features/account/email-settings";
import { NameSettings } from "@/features/account/name-settings";
import { PasswordSettings } from "@/features/account/password-settings";
import { useAuth } from "@/shared/auth/auth-context";
import { InvoiceList } from "@/features/billing/invoice-list";
import { SubscriptionPanel } from "@/features/billing/subscription-panel";
import { usePortalReturn } from "@/features/billing/use-billing-returns";
import { AppShell } from "./app-shell";
import { AppLanguageSwitcher } from "@/components/layout/app-language-switcher";
import { m } from "@/lib/copy";

export function AccountPage() {
  const { user } = useAuth();
  usePortalReturn();
  if (!user) return null;
  return (
    <AppShell title="Account settings" section="account">
      <div className="mx-auto grid w-full max-w-3xl gap-6">
        <p className="text-muted-foreground">Manage your profile, subscription and data.</p>
        <EmailSettings />
        <NameSettings />
        <PasswordSettings />
        <Card>
          <CardHeader>
            <CardTitle>{m.common_language_label()}</CardTitle>
          </CardHeader>
          <CardContent>
            <AppLanguageSwitcher id="account-language-menu" align="start" className="border" />
          </CardContent>
        </Card>
        <SubscriptionPanel />
        <InvoiceList />
        <Card className="border-destructive/30">
          <CardHeader>
            <CardTitle>Delete account</CardTitle>
            <CardDescription>Permanently delete your account, your uploaded photos and all generated headshots.</CardDescription>
          </CardHeader>
          <CardContent>
            <DeleteAccountDialog />
          </CardContent>
        </Card>
      </div>
    </AppShell>
  );
}
