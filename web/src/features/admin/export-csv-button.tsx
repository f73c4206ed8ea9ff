import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { saveCsv } from "./save-csv";

/** "Export CSV" (SPEC §2 Users and Financials): saves the download under its name with `saveCsv`'s toasts. */
export function ExportCsvButton({
  download,
  pending,
  filename,
  done,
  failed,
  className,
}: {
  download: () => Promise<Blob>;
  pending: boolean;
  filename: string;
  done: string;
  failed: string;
  className?: string;
}) {
  return (
    <Button variant="outline" className={className} disabled={pending} onClick={() => void saveCsv(download, filename, done, failed)}>
      <Download aria-hidden="true" /> Export CSV
    </Button>
  );
}
