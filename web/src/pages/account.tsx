import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { m } from "@/lib/copy";
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

export function AccountPage() {
  const { user } = useAuth();
  usePortalReturn();
  if (!user) return null;
  return (
    <AppShell title={m.account_title()} section="account">
      <div className="mx-auto grid w-full max-w-3xl gap-6">
        <p className="text-muted-foreground">{m.account_intro()}</p>
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
            <CardTitle>{m.account_delete_card_title()}</CardTitle>
            <CardDescription>{m.account_delete_card_text()}</CardDescription>
          </CardHeader>
          <CardContent>
            <DeleteAccountDialog />
          </CardContent>
        </Card>
      </div>
    </AppShell>
  );
}
