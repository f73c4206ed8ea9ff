import { useState } from "react";
import { FolderDown } from "lucide-react";
import { errorCode, errorText } from "@/api/client";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import type { ApiHeadshot, DownloadOptions } from "@/lib/domain";
import { m } from "@/lib/copy";
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
  label = m.generator_download_as_zip(),
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
      toast({
        title: m.generator_download_started(),
        description: m.generator_download_zip_started({ filename, pictures: m.generator_pictures({ count }) }),
      });
      setOpen(false);
    } catch (err) {
      if (errorCode(err) === "subscription_required") openSubscriptionDialog();
      else
        toast({
          variant: "destructive",
          title: m.generator_download_failed(),
          description: errorText(err, m.generator_download_zip_failed()),
        });
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
            <DialogTitle>{m.generator_download_zip_title({ count })}</DialogTitle>
            <DialogDescription>{m.generator_download_zip_text()}</DialogDescription>
          </DialogHeader>
          <DownloadPanel
            headshot={sample}
            imageUrl={sample.generatedImageUrl}
            action={{ label: m.generator_download_zip(), busy: isPending, run: (o) => void run(o) }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
