import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { saveCsv } from "./save-csv";

/** "Export CSV" (SPEC §2 Users and Financials): saves the download under its name with `saveCsv`'s toasts. */
export function ExportCsvButton({
  download,
  pending,
  filename,
  what,
  className,
}: {
  download: () => Promise<Blob>;
  pending: boolean;
  filename: string;
  /** What the file holds, as the toasts name it: "Users data". */
  what: string;
  className?: string;
}) {
  return (
    <Button variant="outline" className={className} disabled={pending} onClick={() => void saveCsv(download, filename, what)}>
      <Download aria-hidden="true" /> Export CSV
    </Button>
  );
}
