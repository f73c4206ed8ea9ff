import { Receipt } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { m } from "@/lib/copy";
import { useCreatePortalSession } from "./api/create-portal-session";

/**
 * Opens Stripe's Customer Portal (card, invoices, cancel at period end); it returns to /account?portal=return.
 * The spec's "Manage Account" opens billing, not the account: it is called what it does (decision 106).
 */
export function ManageBillingButton() {
  const portal = useCreatePortalSession();
  async function open() {
    try {
      const { url } = await portal.mutateAsync();
      window.location.assign(url);
    } catch (err) {
      console.error(err);
      toast({ variant: "destructive", title: m.common_error(), description: m.billing_portal_failed() });
    }
  }
  return (
    <Button variant="outline" onClick={() => void open()} disabled={portal.isPending}>
      <Receipt aria-hidden="true" /> {portal.isPending ? m.billing_portal_opening() : m.billing_manage()}
    </Button>
  );
}
