import { useCallback } from "react";
import { errorCode, errorText } from "@/api/client";
import { toast } from "@/components/ui/use-toast";
import type { ApiHeadshot, DownloadOptions } from "@/lib/domain";
import { m } from "@/lib/copy";
import { useSubscriptionDialog } from "@/shared/billing/subscription-dialog";
import { useDownloadHeadshotMutation } from "./api/download-headshot";

/** Hand a blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/headshots/{id}/download → save with the server's filename; SPEC §8 toasts; 402 → dialog. */
export function useDownloadHeadshot() {
  const { openSubscriptionDialog } = useSubscriptionDialog();
  const { mutateAsync, isPending: busy } = useDownloadHeadshotMutation();
  const download = useCallback(
    async (headshot: Pick<ApiHeadshot, "id" | "style"> & Partial<Pick<ApiHeadshot, "version">>, options: DownloadOptions) => {
      try {
        const { blob, filename: name } = await mutateAsync({ headshot, options });
        saveBlob(blob, name);
        toast({ title: m.generator_download_started(), description: name });
      } catch (err) {
        if (errorCode(err) === "subscription_required") {
          openSubscriptionDialog();
        } else {
          toast({
            variant: "destructive",
            title: m.generator_download_failed(),
            description: errorText(err, m.generator_download_headshot_failed()),
          });
        }
      }
    },
    [openSubscriptionDialog, mutateAsync],
  );
  return { download, busy };
}
