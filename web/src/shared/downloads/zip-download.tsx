import { useState } from "react";
import { FolderDown } from "lucide-react";
import { errorCode, errorText } from "@/api/client";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { count as pictureCount, type ApiHeadshot, type DownloadOptions } from "@/lib/domain";
import { useSubscriptionDialog } from "@/shared/billing/subscription-dialog";
import { DownloadPanel } from "./download-panel";
import { saveBlob } from "./use-download";
import { useDownloadZipMutation, type ZipTarget } from "./api/download-zip";

/**
 * "Download as ZIP" (issue 24): the single download's options (one choice for every file, the same
 * rules: a free account gets the web size) in a dialog, then one streamed archive.
 */
export function ZipDownloadButton({
  target,
  sample,
  count,
  label = "Download as ZIP",
  variant = "default",
}: {
  target: ZipTarget;
  /** A picture of the set, for the options' preview. */
  sample: Pick<ApiHeadshot, "id" | "style"> & { generatedImageUrl: string };
  count: number;
  label?: string;
  variant?: "default" | "outline";
}) {
  const [open, setOpen] = useState(false);
  const { mutateAsync, isPending } = useDownloadZipMutation();
  const { openSubscriptionDialog } = useSubscriptionDialog();

  async function run(options: DownloadOptions) {
    try {
      const { blob, filename } = await mutateAsync({ target, options });
      saveBlob(blob, filename);
      toast({ title: "Download Started", description: `${filename} · ${pictureCount(count, "picture")}` });
      setOpen(false);
    } catch (err) {
      if (errorCode(err) === "subscription_required") openSubscriptionDialog();
      else toast({ variant: "destructive", title: "Download Failed", description: errorText(err, "Failed to download the ZIP") });
    }
  }

  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} disabled={count === 0}>
        <FolderDown aria-hidden="true" /> {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>Download {pictureCount(count, "picture")} as ZIP</DialogTitle>
            <DialogDescription>One choice for every file in the archive.</DialogDescription>
          </DialogHeader>
          <DownloadPanel
            headshot={sample}
            imageUrl={sample.generatedImageUrl}
            action={{ label: "Download ZIP", busy: isPending, run: (o) => void run(o) }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
