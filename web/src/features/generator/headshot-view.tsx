import { useQuery } from "@tanstack/react-query";
import { AlertCircle, Images, RotateCcw } from "lucide-react";
import { ApiError } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ESTIMATED_SECONDS, MESSAGES, styleById, type ApiHeadshot } from "@/lib/domain";
import { asCompleted, headshotQuery } from "@/shared/api/get-headshots";
import { ProcessingStep } from "./processing-step";
import { ResultStep } from "./result-step";
import { useStatusPolling } from "./use-status-polling";
import { WizardFrame } from "./wizard-frame";
import { useVersions } from "./api/versions";
import { FailedVersion, VersionStrip } from "./versions";

export interface HeadshotActions {
  /** "Try again" after a failure: the wizard with the same style and gender. */
  onTryAgain: (headshot: ApiHeadshot) => void;
  onNew: () => void;
  onGallery: () => void;
  /** Open another version of the headshot at its own URL (issue 36). */
  onOpen?: (id: string) => void;
}

/** A generation still under way: progress, and honest words once it takes longer than usual or is retried. */
function Processing({ id, styleName, headshot }: { id: string; styleName: string; headshot: ApiHeadshot }) {
  // when it finishes, the polling refreshes the list and so this headshot (under the same key), which
  // then shows the outcome
  const { progress, status } = useStatusPolling(id, () => {});
  const processing = status?.status === "processing" ? status : null;
  return (
    <ProcessingStep
      progress={progress}
      statusText={
        headshot.kind === "edit"
          ? `Making version ${headshot.version}: “${headshot.instruction}”...`
          : headshot.kind === "redo"
            ? `Making a new ${styleName} picture (version ${headshot.version})...`
            : `Generating your ${styleName} headshot...`
      }
      lateness={
        processing
          ? {
              late: (processing.elapsedMs ?? 0) > ESTIMATED_SECONDS * 1000,
              retrying: Boolean(processing.retrying),
              attempt: processing.attempt ?? 1,
              waitSeconds: processing.waitSeconds,
            }
          : undefined
      }
    />
  );
}

function Failed({ headshot, actions }: { headshot: ApiHeadshot; actions: HeadshotActions }) {
  return (
    <div className="grid max-w-2xl gap-4">
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertDescription className="grid gap-1">
          <span>{headshot.error || MESSAGES.generationFailed}</span>
          {headshot.refunded && <span>{MESSAGES.generationRefunded}</span>}
        </AlertDescription>
      </Alert>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="lg" onClick={() => actions.onTryAgain(headshot)}>
          <RotateCcw aria-hidden="true" /> Try again
        </Button>
        <Button size="lg" variant="outline" onClick={actions.onGallery}>
          <Images aria-hidden="true" /> My Gallery
        </Button>
      </div>
    </div>
  );
}

function Unavailable({ message, refunded, actions }: { message: string; refunded: boolean; actions: HeadshotActions }) {
  return (
    <div className="grid max-w-2xl gap-4">
      <Alert variant="warning">
        <AlertCircle aria-hidden="true" />
        <AlertDescription className="grid gap-1">
          <span>{message}</span>
          {refunded && <span>{MESSAGES.generationRefunded}</span>}
        </AlertDescription>
      </Alert>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="lg" onClick={actions.onNew}>
          Generate New
        </Button>
        <Button size="lg" variant="outline" onClick={actions.onGallery}>
          <Images aria-hidden="true" /> My Gallery
        </Button>
      </div>
    </div>
  );
}

/** The strip of a version being made, to go back to another version meanwhile (issue 36). */
function VersionsOf({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  const { data: versions } = useVersions(id);
  return versions ? <VersionStrip versions={versions} openId={id} onOpen={onOpen} /> : null;
}

/** A version that failed (issue 36): why, and the strip to go back. */
function FailedVersionView({ headshot, onOpen }: { headshot: ApiHeadshot; onOpen: (id: string) => void }) {
  const { data: versions } = useVersions(headshot.id);
  return (
    <div className="grid max-w-2xl gap-4">
      <FailedVersion version={headshot} onOpen={onOpen} currentId={versions?.currentId ?? null} />
      {versions && <VersionStrip versions={versions} openId={headshot.id} onOpen={onOpen} />}
    </div>
  );
}

/**
 * One headshot at its own URL (/dashboard?headshot=ID; decision 102): step 4 while it is generating,
 * step 5 with its result, its failure with why and "Try again", or why it is no longer available.
 * Reloading or sharing the URL lands here again; the server answers only its owner (404 otherwise).
 */
export function HeadshotView({ id, actions }: { id: string; actions: HeadshotActions }) {
  const { data: headshot, error, isPending } = useQuery(headshotQuery(id));

  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading your headshot" />
      </div>
    );
  }
  if (!headshot) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <WizardFrame
        step={5}
        title="Headshot not found"
        text="It may have been deleted, or it belongs to another account."
        focusKey={`headshot:${id}:missing`}
      >
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{missing ? "We couldn't find this headshot" : "Couldn't load this headshot"}</AlertTitle>
          <AlertDescription>{missing ? "Check the link, or open it from your gallery." : "Please try again."}</AlertDescription>
        </Alert>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={actions.onGallery}>
            <Images aria-hidden="true" /> My Gallery
          </Button>
          <Button variant="outline" onClick={actions.onNew}>
            Generate New
          </Button>
        </div>
      </WizardFrame>
    );
  }

  const styleName = styleById(headshot.style)?.name ?? headshot.style;
  const key = `headshot:${id}:${headshot.unavailable ? "unavailable" : headshot.status}`;
  if (headshot.unavailable) {
    return (
      <WizardFrame
        step={5}
        title="This headshot is no longer available"
        text={`${styleName} · ${new Date(headshot.createdAt).toLocaleDateString(undefined, { dateStyle: "medium" })}`}
        focusKey={key}
      >
        <Unavailable message={headshot.unavailable} refunded={headshot.refunded} actions={actions} />
      </WizardFrame>
    );
  }
  const completed = asCompleted(headshot);
  if (completed) {
    return (
      <WizardFrame step={5} title="Your headshot is ready" text="Compare, then download it in the size and shape you need." focusKey={key}>
        <ResultStep headshot={completed} onReset={actions.onNew} onOpen={actions.onOpen} />
      </WizardFrame>
    );
  }
  if (headshot.status === "failed" && headshot.versionOf && actions.onOpen) {
    return (
      <WizardFrame step={5} title={`Version ${headshot.version} failed`} text="Nothing was made this time. Here is why." focusKey={key}>
        <FailedVersionView headshot={headshot} onOpen={actions.onOpen} />
      </WizardFrame>
    );
  }
  if (headshot.status === "failed") {
    return (
      <WizardFrame step={4} title="Generation failed" text="Nothing was made this time. Here is why, and what you can do." focusKey={key}>
        <Failed headshot={headshot} actions={actions} />
      </WizardFrame>
    );
  }
  return (
    <WizardFrame
      step={4}
      title={headshot.versionOf ? "Refining" : "Generating"}
      text="It appears here as soon as it's ready."
      focusKey={key}
    >
      <Processing id={id} styleName={styleName} headshot={headshot} />
      {headshot.versionOf && actions.onOpen && <VersionsOf id={id} onOpen={actions.onOpen} />}
    </WizardFrame>
  );
}
