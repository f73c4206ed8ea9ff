import { useEffect, useId } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertCircle, Images, Loader2, RotateCcw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { MESSAGES, styleById, type ApiHeadshot } from "@/lib/domain";
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

const styleName = (h: Pick<ApiHeadshot, "style">) => styleById(h.style)?.name ?? h.style;

/** One picture of the set: a placeholder while it is made, then before/after; a failure says why. */
function Tile({ headshot, onOpen }: { headshot: ApiHeadshot; onOpen: (id: string) => void }) {
  const done = asCompleted(headshot);
  return (
    <li className="grid content-start gap-2 rounded-xl border bg-card p-3" data-testid="shoot-tile" data-status={headshot.status}>
      {done ? (
        <BeforeAfter before={done.originalImageUrl} after={done.generatedImageUrl} alt={`Your ${styleName(headshot)} headshot`} />
      ) : headshot.status === "failed" ? (
        <div className="flex aspect-square flex-col items-center justify-center gap-2 rounded-lg bg-destructive/10 p-4 text-center text-sm text-destructive">
          <AlertCircle aria-hidden="true" />
          <span>{headshot.error ?? MESSAGES.generationFailed}</span>
          {headshot.refunded && <span className="text-muted-foreground">{MESSAGES.generationRefunded}</span>}
        </div>
      ) : (
        <div className="flex aspect-square items-center justify-center rounded-lg bg-muted">
          <Loader2 className="size-8 animate-spin text-primary" aria-label={`Making your ${styleName(headshot)} headshot`} />
        </div>
      )}
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium">{styleName(headshot)}</span>
        {done && (
          <Button variant="link" size="sm" className="h-auto px-0" onClick={() => onOpen(headshot.id)}>
            Open
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
      <Label htmlFor={id}>Email me when it's ready</Label>
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
        <Spinner label="Loading your shoot" />
      </div>
    );
  }
  if (!shoot) {
    return (
      <WizardFrame
        step={5}
        title="Shoot not found"
        text="It may have been deleted, or it belongs to another account."
        focusKey={`shoot:${id}:missing`}
      >
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>We couldn't find this shoot</AlertTitle>
          <AlertDescription>Check the link, or open your pictures from the gallery.</AlertDescription>
        </Alert>
        <Button onClick={actions.onGallery}>
          <Images aria-hidden="true" /> My Gallery
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
  const title = shoot.done ? (ready.length === total ? "Your headshots are ready" : "Your shoot has finished") : "Generating your set";
  return (
    <WizardFrame
      step={shoot.done ? 5 : 4}
      title={title}
      text={
        shoot.done ? "Compare each picture with your photo, then download the set." : "Each picture appears here as soon as it is ready."
      }
      focusKey={`shoot:${id}:${shoot.done ? "done" : "running"}`}
    >
      <div className="grid gap-3">
        <p aria-live="polite" className="text-lg font-semibold" data-testid="shoot-progress">
          {shoot.ready} of {total} ready
        </p>
        {!shoot.done && <Progress value={progress} label="Shoot progress" />}
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
          <RotateCcw aria-hidden="true" /> Generate Another Set
        </Button>
        <Button variant="outline" onClick={actions.onGallery}>
          <Images aria-hidden="true" /> My Gallery
        </Button>
      </div>
    </WizardFrame>
  );
}
