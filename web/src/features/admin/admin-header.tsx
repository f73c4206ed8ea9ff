import { useState } from "react";
import { Link } from "wouter";
import { ArrowLeft, Receipt, RefreshCw } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/lib/paths";
import { cn } from "@/lib/utils";
import { useBackfillInvoices } from "./api/backfill-invoices";
import { adminKey } from "./api/keys";
import { toastOutcome } from "./toasts";

/** SPEC §2 header: Back to Dashboard, Refresh (reloads all data) and Backfill Invoices. */
export function AdminHeader() {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const backfill = useBackfillInvoices();

  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.invalidateQueries({ queryKey: adminKey });
      toast({ title: "Data refreshed", description: "All dashboard data has been refreshed." });
    } finally {
      setRefreshing(false);
    }
  };

  const runBackfill = () =>
    backfill.mutate(
      undefined,
      toastOutcome(
        (r) => ({ title: "Backfill completed", description: `Processed ${r.examined} invoices, created ${r.created} records.` }),
        "Failed to backfill invoices.",
      ),
    );

  return (
    <header className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
      <div className="grid gap-1">
        <Button asChild variant="ghost" size="sm" className="-ml-3 w-fit text-muted-foreground">
          <Link href={paths.dashboard}>
            <ArrowLeft aria-hidden="true" /> Back to Dashboard
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Admin Dashboard</h1>
        <p className="text-sm text-muted-foreground">Users, analytics, financials and moderation</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw aria-hidden="true" className={cn(refreshing && "animate-spin")} /> Refresh
        </Button>
        <Button onClick={runBackfill} disabled={backfill.isPending}>
          <Receipt aria-hidden="true" /> Backfill Invoices
        </Button>
      </div>
    </header>
  );
}
