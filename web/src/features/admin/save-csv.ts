import { errorText } from "@/api/client";
import { toast } from "@/components/ui/use-toast";
import { saveBlob } from "@/shared/downloads/use-download";

/** Save a CSV export under its fixed name, with SPEC §8's 'Export completed' / 'Error' toasts. */
export async function saveCsv(download: () => Promise<Blob>, filename: string, done: string, failed: string) {
  try {
    saveBlob(await download(), filename);
    toast({ title: "Export completed", description: done });
  } catch (err) {
    toast({ variant: "destructive", title: "Error", description: errorText(err, failed) });
  }
}
