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
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ApiImportPreview, type ApiImportRow, type ImportRowStatus } from "@/lib/domain";
import { m } from "@/lib/copy";
import { useImportList, usePreviewList } from "./api/import-list";

const STATUS_WORDS: Record<ImportRowStatus, () => string> = {
  ready: m.team_import_ready,
  duplicate: m.team_import_duplicate,
  invalid: m.team_import_invalid,
  member: m.team_import_member,
  invited: m.team_import_invited,
  "over-seats": m.team_import_over_seats,
};

/** What the badge does not say of a row, from the row's data (the worker sends no sentence: issue 50). */
function rowDetail(r: ApiImportRow): string | null {
  if (r.status === "invalid") return r.email ? m.team_import_row_not_an_address() : m.team_import_row_no_address();
  if (r.status === "duplicate" && r.firstLine !== undefined) return m.team_import_row_duplicate({ line: r.firstLine });
  return null;
}

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
      setFileError(m.team_import_file_too_big({ size: Math.ceil(file.size / 1024), max: IMPORT_MAX_BYTES / 1024 }));
      return;
    }
    edit(await file.text());
  }

  async function onPreview() {
    try {
      setPreview(await check.mutateAsync(csv));
    } catch (err) {
      setPreview(null);
      toast({ variant: "destructive", title: m.team_import_read_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }

  async function onSend() {
    try {
      const { sent, failed } = await send.mutateAsync(csv);
      const sentWords = m.team_import_sent({ count: sent.length });
      const list = failed.map((f) => `${f.email} (${f.message})`).join("; ");
      toast({
        title: m.team_invitations_sent(),
        description: failed.length ? `${sentWords} ${m.team_import_failed_rows({ count: failed.length, list })}` : sentWords,
      });
      setCsv("");
      setPreview(null);
    } catch (err) {
      toast({ variant: "destructive", title: m.team_import_nothing_sent(), description: errorText(err, m.common_please_try_again()) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.team_import_title()}</CardTitle>
        <CardDescription>{m.team_import_description({ max: IMPORT_MAX_ROWS })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="import-csv">{m.team_import_csv_label()}</Label>
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
          <Label htmlFor="import-file">{m.team_import_file_label()}</Label>
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
            {check.isPending ? m.team_checking() : m.team_preview()}
          </Button>
        </div>
        {preview && (
          <div className="grid gap-3" aria-live="polite">
            <p className="text-sm" data-testid="import-summary">
              {m.team_import_summary({ ready: preview.ready, count: preview.freeSeats })}
              {over > 0 && ` · ${m.team_import_over({ count: over })}`}
            </p>
            <ul className="max-h-80 divide-y overflow-y-auto rounded-md border" aria-label={m.team_import_preview_label()}>
              {preview.rows.map((r) => {
                const detail = rowDetail(r);
                return (
                  <li key={r.line} className="flex flex-wrap items-center justify-between gap-2 p-2 text-sm">
                    <span className="min-w-0 break-words">
                      <span className="text-muted-foreground">{m.team_import_line({ line: r.line })} </span>
                      {r.name && <span className="font-medium">{r.name} </span>}
                      <span>{r.email || m.team_import_no_address()}</span>
                      {detail && <span className="block text-xs text-muted-foreground">{detail}</span>}
                    </span>
                    <Badge
                      variant={
                        r.status === "ready" ? "success" : r.status === "over-seats" || r.status === "invalid" ? "destructive" : "outline"
                      }
                    >
                      {STATUS_WORDS[r.status]()}
                    </Badge>
                  </li>
                );
              })}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button type="button" disabled={preview.ready === 0 || over > 0 || send.isPending} onClick={() => void onSend()}>
                {send.isPending ? m.team_sending() : m.team_import_send({ count: preview.ready })}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setPreview(null)}>
                {m.common_cancel()}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
