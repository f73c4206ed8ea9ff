/** A download in the team's profile-picture template (issue 37): the owner's ZIP of everyone, or a member's own picture. */
import { Download } from "lucide-react";
import { errorText } from "@/api/client";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { saveBlob } from "@/shared/downloads/use-download";
import { m } from "@/lib/copy";
import { useTemplateDownload } from "./api/team-shoot";

export function TemplateDownloadButton({ target, label }: { target: { team: true } | { headshotId: string }; label: string }) {
  const download = useTemplateDownload();
  async function run() {
    try {
      const { blob, filename } = await download.mutateAsync(target);
      saveBlob(blob, filename);
      toast({ title: m.team_download_started(), description: filename });
    } catch (err) {
      toast({ variant: "destructive", title: m.team_download_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }
  return (
    <Button type="button" variant="outline" onClick={() => void run()} disabled={download.isPending}>
      <Download className="size-4" aria-hidden="true" />
      {download.isPending ? m.team_preparing() : label}
    </Button>
  );
}
