/**
 * Status at a glance (issue 37): invited / joined / generated / chosen for everyone in the team, a CSV of
 * it, and reminders to those without a photo — one click, or weekly until they choose (each person at
 * most once a week, whatever asks; the server enforces it).
 */
import { useState, type FormEvent } from "react";
import { errorText } from "@/api/client";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import {
  REMINDER_GAP_DAYS,
  REMIND_AFTER_DAYS_MAX,
  REMIND_AFTER_DAYS_MIN,
  count,
  type ApiTeamStatus,
  type ApiTeamStatusRow,
} from "@/lib/domain";
import { saveBlob } from "@/shared/downloads/use-download";
import { downloadStatusCsv, useSaveReminderSettings, useSendReminders, useTeamStatus } from "./api/team-status";

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short" }) : "—");
const VIA = { owner: "Owner", invitation: "Invitation", link: "Team link" } as const;

function Step({ done, label }: { done: boolean; label: string }) {
  return <span className={done ? "font-medium text-success-ink" : "text-muted-foreground"}>{done ? `✓ ${label}` : `– ${label}`}</span>;
}

export function StatusPanel() {
  const status = useTeamStatus();
  const remind = useSendReminders();
  const [downloading, setDownloading] = useState(false);

  async function onRemind(userId?: string) {
    try {
      const { reminded } = await remind.mutateAsync(userId);
      toast({
        title: reminded.length ? "Reminders sent" : "No one to remind right now",
        description: reminded.length
          ? `${count(reminded.length, "reminder")} sent.`
          : `Everyone has chosen, joined too recently, or was reminded in the last ${REMINDER_GAP_DAYS} days.`,
      });
    } catch (err) {
      toast({ variant: "destructive", title: "Couldn't send reminders", description: errorText(err, "Please try again.") });
    }
  }

  async function onExport() {
    setDownloading(true);
    try {
      const { blob, filename } = await downloadStatusCsv();
      saveBlob(blob, filename);
      toast({ title: "Export completed", description: `${filename} is in your downloads.` });
    } catch (err) {
      toast({ variant: "destructive", title: "Error", description: errorText(err, "The export failed. Please try again.") });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Status at a glance</CardTitle>
        <CardDescription>Who is invited, who joined, who generated headshots and who chose a team photo.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isLoading ? (
          <Spinner label="Loading the team's status" />
        ) : status.isError || !status.data ? (
          <p className="text-sm text-destructive" role="alert">
            We couldn't load the team's status. Please reload the page.
          </p>
        ) : (
          <>
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={() => void onRemind()} disabled={remind.isPending}>
                Remind everyone without a photo
              </Button>
              <Button type="button" variant="outline" onClick={() => void onExport()} disabled={downloading}>
                {downloading ? "Exporting..." : "Export CSV"}
              </Button>
            </div>
            <ReminderSettings status={status.data} />
            {status.data.rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">No one yet.</p>
            ) : (
              <ul className="divide-y rounded-md border" aria-label="Team status">
                {status.data.rows.map((r) => (
                  <StatusRow key={r.userId ?? r.email} row={r} onRemind={onRemind} reminding={remind.isPending} />
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function StatusRow({ row, onRemind, reminding }: { row: ApiTeamStatusRow; onRemind: (id: string) => Promise<void>; reminding: boolean }) {
  return (
    <li className="grid gap-1 p-3 text-sm" data-testid="status-row">
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-all">
          {row.name && <span className="font-medium">{row.name} </span>}
          <span className="text-muted-foreground">{row.email}</span>
        </span>
        {row.userId && row.role === "member" && !row.chosen && (
          <Button
            size="sm"
            variant="ghost"
            disabled={reminding}
            onClick={() => void onRemind(row.userId!)}
            aria-label={`Remind ${row.email}`}
          >
            Remind
          </Button>
        )}
      </span>
      <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
        <Step done={row.invitedAt !== null || row.joinedAt !== null} label={row.invitedAt ? `Invited ${day(row.invitedAt)}` : "Invited"} />
        <Step
          done={row.joinedAt !== null}
          label={row.joinedAt ? `Joined ${day(row.joinedAt)}${row.via ? ` (${VIA[row.via]})` : ""}` : "Joined"}
        />
        <Step done={row.generated > 0} label={row.generated > 0 ? `Generated ${row.generated}` : "Generated"} />
        <Step done={row.chosen} label="Chosen" />
        {row.remindedAt && <span className="text-muted-foreground">Reminded {day(row.remindedAt)}</span>}
      </span>
    </li>
  );
}

function ReminderSettings({ status }: { status: ApiTeamStatus }) {
  const [days, setDays] = useState(String(status.remindAfterDays));
  const [auto, setAuto] = useState(status.autoRemind);
  const save = useSaveReminderSettings();
  async function onSave(e: FormEvent) {
    e.preventDefault();
    try {
      await save.mutateAsync({ remindAfterDays: Number(days), autoRemind: auto });
      toast({
        title: "Reminders saved",
        description: auto
          ? "Members without a photo are reminded once a week until they choose."
          : "Reminders go out only when you send them.",
      });
    } catch (err) {
      toast({ variant: "destructive", title: "Couldn't save", description: errorText(err, "Please try again.") });
    }
  }
  return (
    <form onSubmit={(e) => void onSave(e)} className="flex flex-wrap items-end gap-3 rounded-md border p-3">
      <div className="grid gap-1.5">
        <Label htmlFor="remind-after">Remind after (days since joining)</Label>
        <Input
          id="remind-after"
          type="number"
          min={REMIND_AFTER_DAYS_MIN}
          max={REMIND_AFTER_DAYS_MAX}
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
          className="w-24"
        />
      </div>
      <div className="flex items-center gap-2 pb-2">
        <Checkbox id="remind-auto" checked={auto} onCheckedChange={(v) => setAuto(v === true)} />
        <Label htmlFor="remind-auto">Remind weekly until they choose</Label>
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        Save reminders
      </Button>
    </form>
  );
}
