import { VerifyEmailBanner } from "@/features/auth/verify-email-banner";
import { PlaceholderPage } from "./placeholder";

export function DashboardPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <VerifyEmailBanner />
      <PlaceholderPage title="Dashboard" />
    </div>
  );
}
