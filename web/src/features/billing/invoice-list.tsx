import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useInvoices } from "./api/get-invoices";
import { invoiceLabel } from "./invoice-label";
import { euros, longDate } from "./plan-rules";

const STATUS: Record<string, { label: string; variant: "success" | "secondary" | "destructive" }> = {
  paid: { label: "Paid", variant: "success" },
  refunded: { label: "Refunded", variant: "secondary" },
  open: { label: "Due", variant: "destructive" },
  void: { label: "Void", variant: "secondary" },
  uncollectible: { label: "Uncollectible", variant: "destructive" },
};

/** Every invoice Stripe has for the user (SPEC §7 Billing: /account), with Stripe's PDF or hosted page. */
export function InvoiceList() {
  const { data, isLoading, isError } = useInvoices();
  const invoices = data?.invoices ?? [];
  if (!isLoading && !isError && invoices.length === 0) return null;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
        <CardDescription>Every payment of your subscription, as Stripe issued it.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading && <p className="text-sm text-muted-foreground">Loading invoices...</p>}
        {isError && (
          <p className="text-sm text-destructive" role="alert">
            We couldn't load your invoices. Please try again later.
          </p>
        )}
        {invoices.length > 0 && (
          <ul aria-label="Your invoices, newest first" className="grid divide-y">
            {invoices.map((invoice) => {
              const status = STATUS[invoice.status] ?? { label: invoice.status, variant: "secondary" as const };
              const link = invoice.pdfUrl ?? invoice.hostedUrl;
              return (
                <li
                  key={invoice.id}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 text-sm first:pt-0 last:pb-0"
                >
                  <div className="min-w-0">
                    <p className="font-medium">{longDate(invoice.date)}</p>
                    <p className="text-muted-foreground">{invoiceLabel(invoice)}</p>
                  </div>
                  <div className="flex flex-wrap items-center gap-3">
                    <span className="font-medium">{euros(invoice.amountCents, invoice.currency)}</span>
                    {invoice.refundedCents > 0 && (
                      <span className="text-muted-foreground">{euros(invoice.refundedCents, invoice.currency)} refunded</span>
                    )}
                    <Badge variant={status.variant}>{status.label}</Badge>
                    {link && (
                      <a
                        className="font-medium text-primary underline-offset-4 hover:underline"
                        href={link}
                        target="_blank"
                        rel="noreferrer"
                      >
                        {invoice.pdfUrl ? "Download PDF" : "View invoice"}
                        <span className="sr-only">
                          {" "}
                          {invoice.number ?? ""} of {longDate(invoice.date)}
                        </span>
                      </a>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
