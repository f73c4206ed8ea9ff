/**
 * Invite a list (issue 37): paste names and addresses or upload a CSV; the preview says what each row is
 * (the server reads the list: quoted fields, Excel's semicolons, a byte-order mark); nothing is sent until
 * "Send invitations" is pressed, and then only the rows marked ready.
 */
import { useState, type ChangeEvent } from "react";
import { errorText } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, count, type ApiImportPreview, type ImportRowStatus } from "@/lib/domain";
import { useImportList, usePreviewList } from "./api/import-list";

const STATUS_WORDS: Record<ImportRowStatus, string> = {
  ready: "Ready",
  duplicate: "Duplicate",
  invalid: "Not an address",
  member: "Already a member",
  invited: "Already invited",
  "over-seats": "No free seat",
};

export function ImportListPanel() {
  const [csv, setCsv] = useState("");
  const [preview, setPreview] = useState<ApiImportPreview | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const check = usePreviewList();
  const send = useImportList();
  const over = preview?.rows.filter((r) => r.status === "over-seats").length ?? 0;

  function edit(text: string) {
    setCsv(text);
    setPreview(null); // a changed list needs a new preview before anything is sent
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setFileError(null);
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setFileError(`This file is ${Math.ceil(file.size / 1024)} KB; at most ${IMPORT_MAX_BYTES / 1024} KB can be imported at once.`);
      return;
    }
    edit(await file.text());
  }

  async function onPreview() {
    try {
      setPreview(await check.mutateAsync(csv));
    } catch (err) {
      setPreview(null);
      toast({ variant: "destructive", title: "Couldn't read the list", description: errorText(err, "Please try again.") });
    }
  }

  async function onSend() {
    try {
      const { sent, failed } = await send.mutateAsync(csv);
      toast({
        title: "Invitations sent",
        description: `${count(sent.length, "invitation")} sent.${failed.length ? ` ${count(failed.length, "row")} couldn't be invited: ${failed.map((f) => `${f.email} (${f.message})`).join("; ")}` : ""}`,
      });
      setCsv("");
      setPreview(null);
    } catch (err) {
      toast({ variant: "destructive", title: "Nothing was sent", description: errorText(err, "Please try again.") });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite a list</CardTitle>
        <CardDescription>
          One person per line: name, email. Paste it or upload a CSV (up to {IMPORT_MAX_ROWS} rows). You'll see what happens to each row
          before anything is sent.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="import-csv">Names and email addresses</Label>
          <Textarea
            id="import-csv"
            rows={5}
            value={csv}
            placeholder={"Ann Smith, ann@acme.com\nBob Jones, bob@acme.com"}
            onChange={(e) => edit(e.target.value)}
            className="font-mono text-sm"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="import-file">Or upload a CSV file</Label>
          <input
            id="import-file"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(e) => void onFile(e)}
            aria-describedby={fileError ? "import-file-error" : undefined}
            className="w-full min-w-0 max-w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5"
          />
          {fileError && (
            <p id="import-file-error" role="alert" className="text-sm text-destructive">
              {fileError}
            </p>
          )}
        </div>
        <div>
          <Button type="button" variant="outline" disabled={csv.trim() === "" || check.isPending} onClick={() => void onPreview()}>
            {check.isPending ? "Checking..." : "Preview"}
          </Button>
        </div>
        {preview && (
          <div className="grid gap-3" aria-live="polite">
            <p className="text-sm" data-testid="import-summary">
              {preview.ready} ready to invite · {count(preview.freeSeats, "free seat")}
              {over > 0 && ` · ${count(over, "row")} beyond the free seats: add seats or remove rows first`}
            </p>
            <ul className="max-h-80 divide-y overflow-y-auto rounded-md border" aria-label="List preview">
              {preview.rows.map((r) => (
                <li key={r.line} className="flex flex-wrap items-center justify-between gap-2 p-2 text-sm">
                  <span className="min-w-0 break-words">
                    <span className="text-muted-foreground">Line {r.line}: </span>
                    {r.name && <span className="font-medium">{r.name} </span>}
                    <span>{r.email || "(no address)"}</span>
                    {r.message && <span className="block text-xs text-muted-foreground">{r.message}</span>}
                  </span>
                  <Badge
                    variant={
                      r.status === "ready" ? "success" : r.status === "over-seats" || r.status === "invalid" ? "destructive" : "outline"
                    }
                  >
                    {STATUS_WORDS[r.status]}
                  </Badge>
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button type="button" disabled={preview.ready === 0 || over > 0 || send.isPending} onClick={() => void onSend()}>
                {send.isPending ? "Sending..." : `Send ${count(preview.ready, "invitation")}`}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setPreview(null)}>
                Cancel
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
