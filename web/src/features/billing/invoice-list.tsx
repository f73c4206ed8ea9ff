import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { m } from "@/lib/copy";
import { useInvoices } from "./api/get-invoices";
import { invoiceLabel } from "./invoice-label";
import { euros, longDate } from "./plan-rules";

const STATUS: Record<string, { label: () => string; variant: "success" | "secondary" | "destructive" }> = {
  paid: { label: m.billing_invoice_paid, variant: "success" },
  refunded: { label: m.billing_invoice_refunded, variant: "secondary" },
  open: { label: m.billing_invoice_due, variant: "destructive" },
  void: { label: m.billing_invoice_void, variant: "secondary" },
  uncollectible: { label: m.billing_invoice_uncollectible, variant: "destructive" },
};

/** Every invoice Stripe has for the user (SPEC §7 Billing: /account), with Stripe's PDF or hosted page. */
export function InvoiceList() {
  const { data, isLoading, isError } = useInvoices();
  const invoices = data?.invoices ?? [];
  if (!isLoading && !isError && invoices.length === 0) return null;
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{m.billing_invoices_title()}</CardTitle>
        <CardDescription>{m.billing_invoices_description()}</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading && <p className="text-sm text-muted-foreground">{m.billing_invoices_loading()}</p>}
        {isError && (
          <p className="text-sm text-destructive" role="alert">
            {m.billing_invoices_error()}
          </p>
        )}
        {invoices.length > 0 && (
          <ul aria-label={m.billing_invoices_list_label()} className="grid divide-y">
            {invoices.map((invoice) => {
              const known = STATUS[invoice.status];
              const status = known
                ? { label: known.label(), variant: known.variant }
                : { label: invoice.status, variant: "secondary" as const };
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
                      <span className="text-muted-foreground">
                        {m.billing_invoice_refunded_amount({ amount: euros(invoice.refundedCents, invoice.currency) })}
                      </span>
                    )}
                    <Badge variant={status.variant}>{status.label}</Badge>
                    {link && (
                      <a
                        className="font-medium text-primary underline-offset-4 hover:underline"
                        href={link}
                        target="_blank"
                        rel="noreferrer"
                      >
                        {invoice.pdfUrl ? m.billing_invoice_download_pdf() : m.billing_invoice_view()}
                        <span className="sr-only">
                          {" "}
                          {m.billing_invoice_of_date({ number: invoice.number ?? "", date: longDate(invoice.date) })}
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
