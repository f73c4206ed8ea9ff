import { useQuery } from "@tanstack/react-query";
import { AlertCircle, Images, RotateCcw } from "lucide-react";
import { ApiError } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ESTIMATED_SECONDS, type ApiHeadshot } from "@/lib/domain";
import { formatDate, getLocale, m } from "@/lib/copy";
import { styleName as styleWords } from "@/shared/words/style-words";
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
          ? m.generator_making_version_edit({ n: headshot.version, instruction: headshot.instruction ?? "" })
          : headshot.kind === "redo"
            ? m.generator_making_version_redo({ style: styleName, n: headshot.version })
            : m.generator_generating_style({ style: styleName })
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
          <span>{headshot.error || m.generator_generation_failed()}</span>
          {headshot.refunded && <span>{m.generator_generation_refunded()}</span>}
        </AlertDescription>
      </Alert>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="lg" onClick={() => actions.onTryAgain(headshot)}>
          <RotateCcw aria-hidden="true" /> {m.generator_try_again()}
        </Button>
        <Button size="lg" variant="outline" onClick={actions.onGallery}>
          <Images aria-hidden="true" /> {m.generator_my_gallery()}
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
          {refunded && <span>{m.generator_generation_refunded()}</span>}
        </AlertDescription>
      </Alert>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="lg" onClick={actions.onNew}>
          {m.generator_generate_new()}
        </Button>
        <Button size="lg" variant="outline" onClick={actions.onGallery}>
          <Images aria-hidden="true" /> {m.generator_my_gallery()}
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
        <Spinner label={m.generator_loading_headshot()} />
      </div>
    );
  }
  if (!headshot) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <WizardFrame
        step={5}
        title={m.generator_headshot_not_found_title()}
        text={m.generator_not_found_text()}
        focusKey={`headshot:${id}:missing`}
      >
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{missing ? m.generator_headshot_missing() : m.generator_headshot_load_failed()}</AlertTitle>
          <AlertDescription>{missing ? m.generator_headshot_missing_text() : m.generator_please_try_again()}</AlertDescription>
        </Alert>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={actions.onGallery}>
            <Images aria-hidden="true" /> {m.generator_my_gallery()}
          </Button>
          <Button variant="outline" onClick={actions.onNew}>
            {m.generator_generate_new()}
          </Button>
        </div>
      </WizardFrame>
    );
  }

  const styleName = styleWords(headshot.style);
  const key = `headshot:${id}:${headshot.unavailable ? "unavailable" : headshot.status}`;
  if (headshot.unavailable) {
    return (
      <WizardFrame
        step={5}
        title={m.generator_headshot_unavailable_title()}
        text={m.generator_style_and_date({ style: styleName, date: formatDate(headshot.createdAt, getLocale(), "medium") })}
        focusKey={key}
      >
        <Unavailable message={headshot.unavailable} refunded={headshot.refunded} actions={actions} />
      </WizardFrame>
    );
  }
  const completed = asCompleted(headshot);
  if (completed) {
    return (
      <WizardFrame step={5} title={m.generator_headshot_ready_title()} text={m.generator_headshot_ready_text()} focusKey={key}>
        <ResultStep headshot={completed} onReset={actions.onNew} onOpen={actions.onOpen} />
      </WizardFrame>
    );
  }
  if (headshot.status === "failed" && headshot.versionOf && actions.onOpen) {
    return (
      <WizardFrame
        step={5}
        title={m.generator_version_failed_title({ n: headshot.version })}
        text={m.generator_version_failed_text()}
        focusKey={key}
      >
        <FailedVersionView headshot={headshot} onOpen={actions.onOpen} />
      </WizardFrame>
    );
  }
  if (headshot.status === "failed") {
    return (
      <WizardFrame step={4} title={m.generator_generation_failed()} text={m.generator_generation_failed_text()} focusKey={key}>
        <Failed headshot={headshot} actions={actions} />
      </WizardFrame>
    );
  }
  return (
    <WizardFrame
      step={4}
      title={headshot.versionOf ? m.generator_heading_refining_title() : m.generator_heading_generating_title()}
      text={m.generator_heading_generating_text()}

      focusKey={key}
    >
      <Processing id={id} styleName={styleName} headshot={headshot} />
      {headshot.versionOf && actions.onOpen && <VersionsOf id={id} onOpen={actions.onOpen} />}
    </WizardFrame>
  );
}
