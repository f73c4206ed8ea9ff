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
import { REMINDER_GAP_DAYS, REMIND_AFTER_DAYS_MAX, REMIND_AFTER_DAYS_MIN, type ApiTeamStatus, type ApiTeamStatusRow } from "@/lib/domain";
import { saveBlob } from "@/shared/downloads/use-download";
import { m } from "@/lib/copy";
import { downloadStatusCsv, useSaveReminderSettings, useSendReminders, useTeamStatus } from "./api/team-status";
import { shortDay } from "./team-words";

const day = (iso: string | null) => (iso ? shortDay(iso) : "—");
const VIA = { owner: m.team_badge_owner, invitation: m.team_via_invitation, link: m.team_via_link } as const;

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
        title: reminded.length ? m.team_reminders_sent() : m.team_reminders_none(),
        description: reminded.length
          ? m.team_reminders_sent_body({ count: reminded.length })
          : m.team_reminders_none_body({ days: REMINDER_GAP_DAYS }),
      });
    } catch (err) {
      toast({ variant: "destructive", title: m.team_reminders_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }

  async function onExport() {
    setDownloading(true);
    try {
      const { blob, filename } = await downloadStatusCsv();
      saveBlob(blob, filename);
      toast({ title: m.team_export_done(), description: m.team_export_done_body({ filename }) });
    } catch (err) {
      toast({ variant: "destructive", title: m.common_error(), description: errorText(err, m.team_export_failed()) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.team_status_title()}</CardTitle>
        <CardDescription>{m.team_status_description()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isLoading ? (
          <Spinner label={m.team_status_loading()} />
        ) : status.isError || !status.data ? (
          <p className="text-sm text-destructive" role="alert">
            {m.team_status_error()}
          </p>
        ) : (
          <>
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={() => void onRemind()} disabled={remind.isPending}>
                {m.team_remind_everyone()}
              </Button>
              <Button type="button" variant="outline" onClick={() => void onExport()} disabled={downloading}>
                {downloading ? m.team_exporting() : m.team_export_csv()}
              </Button>
            </div>
            <ReminderSettings status={status.data} />
            {status.data.rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">{m.team_status_none()}</p>
            ) : (
              <ul className="divide-y rounded-md border" aria-label={m.team_status_list_label()}>
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
            aria-label={m.team_remind_label({ email: row.email })}
          >
            {m.team_remind()}
          </Button>
        )}
      </span>
      <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
        <Step
          done={row.invitedAt !== null || row.joinedAt !== null}
          label={row.invitedAt ? m.team_step_invited_on({ date: day(row.invitedAt) }) : m.team_badge_invited()}
        />
        <Step
          done={row.joinedAt !== null}
          label={
            row.joinedAt
              ? row.via
                ? m.team_step_joined_on_via({ date: day(row.joinedAt), via: VIA[row.via]() })
                : m.team_step_joined_on({ date: day(row.joinedAt) })
              : m.team_badge_joined()
          }
        />
        <Step
          done={row.generated > 0}
          label={row.generated > 0 ? m.team_step_generated_count({ count: row.generated }) : m.team_step_generated()}
        />
        <Step done={row.chosen} label={m.team_step_chosen()} />
        {row.remindedAt && <span className="text-muted-foreground">{m.team_step_reminded({ date: day(row.remindedAt) })}</span>}
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
        title: m.team_reminders_saved(),
        description: auto ? m.team_reminders_auto_body() : m.team_reminders_manual_body(),
      });
    } catch (err) {
      toast({ variant: "destructive", title: m.team_save_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }
  return (
    <form onSubmit={(e) => void onSave(e)} className="flex flex-wrap items-end gap-3 rounded-md border p-3">
      <div className="grid gap-1.5">
        <Label htmlFor="remind-after">{m.team_remind_after_label()}</Label>
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
        <Label htmlFor="remind-auto">{m.team_remind_weekly()}</Label>
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        {m.team_save_reminders()}
      </Button>
    </form>
  );
}
