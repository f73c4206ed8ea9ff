import { useEffect, useId } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertCircle, Images, Loader2, RotateCcw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import type { ApiHeadshot } from "@/lib/domain";
import { m } from "@/lib/copy";
import { styleName as styleWords } from "@/shared/words/style-words";
import { asCompleted, headshotsQuery } from "@/shared/api/get-headshots";
import { BeforeAfter } from "./before-after";
import { estimateText, latenessText, useSteadyWait } from "./processing-step";
import { WizardFrame } from "./wizard-frame";
import { shootQuery, useEmailWhenReady, type Shoot } from "./api/get-shoot";
import { ZipDownloadButton } from "@/shared/downloads/zip-download";

export interface ShootActions {
  onOpen: (headshotId: string) => void;
  onNew: () => void;
  onGallery: () => void;
}

const styleName = (h: Pick<ApiHeadshot, "style">) => styleWords(h.style);

/** One picture of the set: a placeholder while it is made, then before/after; a failure says why. */
function Tile({ headshot, onOpen }: { headshot: ApiHeadshot; onOpen: (id: string) => void }) {
  const done = asCompleted(headshot);
  return (
    <li className="grid content-start gap-2 rounded-xl border bg-card p-3" data-testid="shoot-tile" data-status={headshot.status}>
      {done ? (
        <BeforeAfter
          before={done.originalImageUrl}
          after={done.generatedImageUrl}
          alt={m.generator_headshot_alt({ style: styleName(headshot) })}
        />
      ) : headshot.status === "failed" ? (
        <div className="flex aspect-square flex-col items-center justify-center gap-2 rounded-lg bg-destructive/10 p-4 text-center text-sm text-destructive">
          <AlertCircle aria-hidden="true" />
          <span>{headshot.error ?? m.generator_generation_failed()}</span>
          {headshot.refunded && <span className="text-muted-foreground">{m.generator_generation_refunded()}</span>}
        </div>
      ) : (
        <div className="flex aspect-square items-center justify-center rounded-lg bg-muted">
          <Loader2 className="size-8 animate-spin text-primary" aria-label={m.generator_making_style_alt({ style: styleName(headshot) })} />
        </div>
      )}
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium">{styleName(headshot)}</span>
        {done && (
          <Button variant="link" size="sm" className="h-auto px-0" onClick={() => onOpen(headshot.id)}>
            {m.generator_open()}
          </Button>
        )}
      </div>
    </li>
  );
}

function EmailSwitch({ shoot }: { shoot: Shoot }) {
  const id = useId();
  const email = useEmailWhenReady(shoot.id);
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        id={id}
        checked={email.isPending ? (email.variables ?? shoot.emailWhenReady) : shoot.emailWhenReady}
        onCheckedChange={(v) => email.mutate(v === true)}
      />
      <Label htmlFor={id}>{m.generator_email_when_ready()}</Label>
    </div>
  );
}

/**
 * A shoot (issue 24): "3 of 5 ready" with each tile filling in as its picture arrives, the email switch
 * while it runs; then the set with before/after per picture, and Download as ZIP.
 */
export function ShootView({ id, actions }: { id: string; actions: ShootActions }) {
  const { data: shoot, isPending } = useQuery(shootQuery(id));
  const queryClient = useQueryClient();
  const done = shoot?.done ?? false;
  const wait = useSteadyWait(done ? undefined : shoot?.waitSeconds);
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: headshotsQuery().queryKey });
  }, [done, queryClient]);

  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={m.generator_loading_shoot()} />
      </div>
    );
  }
  if (!shoot) {
    return (
      <WizardFrame
        step={5}
        title={m.generator_shoot_not_found_title()}
        text={m.generator_not_found_text()}
        focusKey={`shoot:${id}:missing`}
      >
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{m.generator_shoot_missing()}</AlertTitle>
          <AlertDescription>{m.generator_shoot_missing_text()}</AlertDescription>
        </Alert>
        <Button onClick={actions.onGallery}>
          <Images aria-hidden="true" /> {m.generator_my_gallery()}
        </Button>
      </WizardFrame>
    );
  }

  const total = shoot.headshots.length;
  const ready = shoot.headshots.flatMap((h) => {
    const c = asCompleted(h);
    return c ? [c] : [];
  });
  const progress = total ? Math.round((shoot.finished / total) * 100) : 0;
  const title = shoot.done
    ? ready.length === total
      ? m.generator_shoot_ready_title()
      : m.generator_shoot_finished_title()
    : m.generator_shoot_running_title();
  return (
    <WizardFrame
      step={shoot.done ? 5 : 4}
      title={title}
      text={shoot.done ? m.generator_shoot_done_text() : m.generator_shoot_running_text()}
      focusKey={`shoot:${id}:${shoot.done ? "done" : "running"}`}
    >
      <div className="grid gap-3">
        <p aria-live="polite" className="text-lg font-semibold" data-testid="shoot-progress">
          {m.generator_shoot_ready_count({ ready: shoot.ready, total })}
        </p>
        {!shoot.done && <Progress value={progress} label={m.generator_shoot_progress()} />}
        {!shoot.done && wait ? (
          <>
            <p className="text-sm text-muted-foreground" data-testid="shoot-estimate">
              {estimateText({ late: false, retrying: false, attempt: 1, waitSeconds: wait })}
            </p>
            <p aria-live="polite" className="text-sm font-medium text-amber-800" data-testid="shoot-wait">
              {latenessText({ late: false, retrying: false, attempt: 1, waitSeconds: wait })}
            </p>
          </>
        ) : null}
        {!shoot.done && <EmailSwitch shoot={shoot} />}
      </div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {shoot.headshots.map((h) => (
          <Tile key={h.id} headshot={h} onOpen={actions.onOpen} />
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        {shoot.done && ready[0] && <ZipDownloadButton target={{ shootId: shoot.id }} sample={ready[0]} count={ready.length} />}
        <Button variant="outline" onClick={actions.onNew}>
          <RotateCcw aria-hidden="true" /> {m.generator_generate_another_set()}
        </Button>
        <Button variant="outline" onClick={actions.onGallery}>
          <Images aria-hidden="true" /> {m.generator_my_gallery()}
        </Button>
      </div>
    </WizardFrame>
  );
}
