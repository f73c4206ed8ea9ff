import { toast } from "@/components/ui/use-toast";
import { saveBlob } from "@/shared/downloads/use-download";
import { toastError } from "./toasts";

/**
 * Save a CSV export under its fixed name, with SPEC §8's 'Export completed' / 'Error' toasts, which name `what`
 * was exported ("Users data" → "Users data has been exported to CSV." / "Failed to export users data.").
 */
export async function saveCsv(download: () => Promise<Blob>, filename: string, what: string) {
  try {
    saveBlob(await download(), filename);
    toast({ title: "Export completed", description: `${what} has been exported to CSV.` });
  } catch (err) {
    toastError(err, `Failed to export ${what.toLowerCase()}.`);
  }
}
