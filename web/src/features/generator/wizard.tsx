import { useRef, useState, type Dispatch, type ReactNode } from "react";
import { ArrowLeft, ArrowRight, Crown, Sparkles } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { FAIR_USE_ALL_PLANS, FREE_GENERATIONS, GENDERS, count, maxStylesFor, styleById, teamLookLabel, type StyleId } from "@/lib/domain";
import { useStartShoot } from "./api/start-shoot";
import { useCredits } from "@/shared/api/get-credits";
import { useIsSubscriber, useSubscription } from "@/shared/api/get-subscription";
import { useMyTeam } from "@/shared/api/get-my-team";
import { MorePhotos } from "./more-photos";
import { useSubscriptionDialog } from "@/shared/billing/subscription-dialog";
import { PhotoCheck } from "@/shared/photo-check/photo-check";
import { useStartGeneration } from "./api/start-generation";
import { useUploadPhoto } from "./api/upload-photo";
import { GenderStep } from "./gender-step";
import { ProcessingStep } from "./processing-step";
import { describeGenerateError, type GenerateErrorView } from "./rules";
import { useRefusalBeforeUpload } from "./use-refusal-before-upload";
import { StyleSetStep, StyleStep } from "./style-step";
import { UploadDropzone } from "./upload-dropzone";
import { chosenStyles, isShoot, type WizardAction, type WizardState, type WizardStep } from "./use-wizard";
import { WizardFrame } from "./wizard-frame";

const FREE_USED = `You've used your ${FREE_GENERATIONS} free generations.`;

const HEADINGS: Record<WizardStep, { title: string; text: string }> = {
  1: { title: "Choose your gender", text: "We tailor clothing and styling to match." },
  2: { title: "Choose a style", text: "Pick the look for your headshot." },
  3: { title: "Upload your photo", text: "A clear, well-lit, front-facing photo gives the best result." },
  4: { title: "Generating", text: "It appears here as soon as it's ready." },
};

function Choice({ label, value, onChange }: { label: string; value: string; onChange: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border bg-card py-1 pl-3 pr-1 text-sm">
      <span className="text-muted-foreground">{label}:</span> <span className="font-medium">{value}</span>
      <Button variant="ghost" size="sm" className="h-7 px-2 text-primary" onClick={onChange} aria-label={`Change ${label.toLowerCase()}`}>
        Change
      </Button>
    </span>
  );
}

/**
 * Steps 1–3 (gender, style, photo) and the upload and start of step 4. Once the generation has started
 * it has its own URL (`onStarted`), where headshot-view.tsx shows its progress and its result.
 */
export function Wizard({
  state,
  dispatch,
  onStarted,
  onShootStarted,
  firstStepNotice,
}: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  onStarted: (headshotId: string) => void;
  /** A set of several styles or photos started (issue 24): its own URL. */
  onShootStarted?: (shootId: string) => void;
  /** Shown above the first step (the page passes the unverified person's notice). */
  firstStepNotice?: ReactNode;
}) {
  const upload = useUploadPhoto();
  const start = useStartGeneration();
  const startSet = useStartShoot();
  const isSubscriber = useIsSubscriber();
  const credits = useCredits(0).data;
  const subscriptionKnown = useSubscription().isSuccess;
  const maxStyles = maxStylesFor({ subscriber: isSubscriber, remaining: credits?.remaining ?? 0 });
  const setStyles = chosenStyles(state);
  const refusalBeforeUpload = useRefusalBeforeUpload();
  const { openSubscriptionDialog } = useSubscriptionDialog();
  const styleName = state.setMode
    ? setStyles.map((s) => styleById(s)?.name ?? s).join(", ") || null
    : state.style
      ? (styleById(state.style)?.name ?? state.style)
      : null;
  const genderName = state.gender ? GENDERS.find((g) => g.id === state.gender)?.name : "Not specified";
  // A team member may generate in the team's brand look (issue 25): its style and background colour.
  const { data: team, isSuccess: teamKnown } = useMyTeam();
  // Nothing left to generate with (issue 35): said before step 1, not after three steps at Generate.
  const outOfFree = Boolean(credits?.isVerified && credits.remaining === 0 && subscriptionKnown && teamKnown && !isSubscriber);
  const look = team?.team.look ?? null;
  const [teamLook, setTeamLook] = useState(false);
  const uploadedInTeamLook = useRef(false);
  const inTeamLook = teamLook && !state.setMode && look !== null && state.style === look.style;

  function showError(err: unknown, fallback?: string) {
    showRefusal(describeGenerateError(err, fallback));
  }

  /** A refusal that a plan would lift opens the Subscription Required dialog alone (no red toast to follow them to /pricing). */
  function showRefusal(view: GenerateErrorView) {
    dispatch({ type: "failed" });
    if (view.subscriptionDialog) openSubscriptionDialog(view.description);
    else toast({ variant: "destructive", title: view.title, description: view.description });
    if (view.scrollToTop) window.scrollTo({ top: 0, behavior: "smooth" });
  }

  /** Several styles or photos: one request uploads them all and starts every picture (POST /api/shoots). */
  async function generateSet() {
    const { file, gender } = state;
    if (!file || setStyles.length === 0) return;
    const refusal = await refusalBeforeUpload();
    if (refusal) {
      showRefusal(refusal);
      return;
    }
    dispatch({
      type: "processing",
      statusText: `Uploading and starting ${count(setStyles.length, "picture")}...`,
    });
    try {
      const shoot = await startSet.mutateAsync({ photos: [file, ...state.moreFiles], styles: setStyles, gender });
      dispatch({ type: "started", id: shoot.headshots[0]?.id ?? shoot.id });
      onShootStarted?.(shoot.id);
    } catch (err) {
      showError(err, "Upload failed");
    }
  }

  async function generate() {
    if (isShoot(state)) return generateSet();
    const { file, style, gender } = state;
    if (!file || !style) return;
    dispatch({ type: "processing", statusText: "Uploading your photo..." });
    const reuse = state.uploaded;
    const sameLook = uploadedInTeamLook.current === inTeamLook;
    let headshot = reuse && sameLook && reuse.file === file && reuse.style === style && reuse.gender === gender ? reuse.headshot : null;
    if (!headshot) {
      const refusal = await refusalBeforeUpload();
      if (refusal) {
        showRefusal(refusal);
        return;
      }
      try {
        headshot = await upload.mutateAsync({ photo: file, style, gender, teamLook: inTeamLook });
        uploadedInTeamLook.current = inTeamLook;
      } catch (err) {
        showError(err, "Upload failed");
        return;
      }
      dispatch({ type: "uploaded", headshot });
    }
    dispatch({ type: "processing", statusText: "Starting generation..." });
    try {
      await start.mutateAsync(headshot.id);
    } catch (err) {
      showError(err);
      return;
    }
    dispatch({ type: "started", id: headshot.id });
    onStarted(headshot.id);
  }

  const heading = HEADINGS[state.step];
  return (
    <WizardFrame step={state.step} title={heading.title} text={heading.text} focusKey={`wizard:${state.step}`}>
      {(state.step === 2 || state.step === 3) && (
        <div className="flex flex-wrap items-center gap-2">
          <Choice label="Gender" value={genderName ?? ""} onChange={() => dispatch({ type: "goto", step: 1 })} />
          {state.step === 3 && styleName && !inTeamLook && (
            <Choice label={state.setMode ? "Styles" : "Style"} value={styleName} onChange={() => dispatch({ type: "goto", step: 2 })} />
          )}
          {state.step === 3 && inTeamLook && look && (
            <Choice
              label="Team look"
              value={teamLookLabel(look, team?.team.shoot.backdrop).replace(/^Team look: /, "")}
              onChange={() => dispatch({ type: "goto", step: 2 })}
            />
          )}
        </div>
      )}

      {state.step === 1 && outOfFree && (
        <Alert variant="info" role="status">
          <Crown aria-hidden="true" />
          <AlertTitle>{FREE_USED}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>
              A plan gives you unlimited headshots ({FAIR_USE_ALL_PLANS}) without a watermark, in every style, with high-resolution
              downloads.
            </p>
            <Button className="justify-self-start" onClick={() => openSubscriptionDialog(FREE_USED)}>
              See plans and prices
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {state.step === 1 && !outOfFree && (
        <div className="grid gap-4">
          {firstStepNotice}
          <GenderStep value={state.gender} onChoose={(g) => dispatch({ type: "gender", gender: g })} />
          <div className="flex flex-wrap gap-2">
            {/* Back from "Change gender", or a style preselected on an audience page: either way forward, so it says so (issue 35). */}
            {state.style && (
              <Button variant="outline" onClick={() => dispatch({ type: "goto", step: state.file ? 3 : 2 })}>
                Continue <ArrowRight aria-hidden="true" />
              </Button>
            )}
            <Button variant="link" className="px-0" onClick={() => dispatch({ type: "gender", gender: null })}>
              Prefer not to say — skip
            </Button>
          </div>
        </div>
      )}
      {state.step === 2 && (
        <div className="grid gap-4">
          {look && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-accent/40 p-3 text-sm">
              <span className="flex items-center gap-2">
                <span aria-hidden="true" className="inline-block size-5 rounded border" style={{ backgroundColor: look.brandColor }} />
                {teamLookLabel(look, team?.team.shoot.backdrop)}
              </span>
              <Button
                size="sm"
                onClick={() => {
                  setTeamLook(true);
                  if (state.setMode) dispatch({ type: "setMode", on: false });
                  if (state.moreFiles.length > 0) dispatch({ type: "moreFiles", files: [] });
                  dispatch({ type: "style", style: look.style as StyleId });
                }}
              >
                Use the team look
              </Button>
            </div>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border bg-card p-3 text-sm">
            {state.setMode ? (
              <span aria-live="polite" data-testid="set-count">
                {setStyles.length} of up to {maxStyles} styles chosen
                {!isSubscriber && " (one free generation each)"}
              </span>
            ) : (
              <span className="text-muted-foreground">Want a whole set? Choose several styles and get one picture of each.</span>
            )}
            <Button variant="outline" size="sm" onClick={() => dispatch({ type: "setMode", on: !state.setMode })}>
              {state.setMode ? "Choose one style" : "Choose several styles"}
            </Button>
          </div>
          {state.setMode ? (
            <StyleSetStep
              value={state.styles}
              gender={state.gender}
              max={maxStyles}
              onToggle={(s) => dispatch({ type: "toggleStyle", style: s, max: maxStyles })}
            />
          ) : (
            <StyleStep
              value={state.style}
              gender={state.gender}
              onChoose={(s) => {
                setTeamLook(false);
                dispatch({ type: "style", style: s });
              }}
            />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={() => dispatch({ type: "goto", step: 1 })}>
              <ArrowLeft aria-hidden="true" /> Back
            </Button>
            {state.setMode && setStyles.length > 0 && (
              <Button onClick={() => dispatch({ type: "continueSet" })}>
                Continue with {count(setStyles.length, "style")} <ArrowRight aria-hidden="true" />
              </Button>
            )}
            {!state.setMode && state.style && (
              <Button onClick={() => dispatch({ type: "goto", step: 3 })}>
                Continue with {styleName} <ArrowRight aria-hidden="true" />
              </Button>
            )}
          </div>
        </div>
      )}
      {state.step === 3 && (
        <div className="grid gap-4">
          <UploadDropzone file={state.file} onChange={(f) => dispatch({ type: "file", file: f })} />
          <PhotoCheck file={state.file} />
          {/* A set of photos is a shoot; the team look is made from one photo (its route takes one). */}
          {state.file && !inTeamLook && (
            <MorePhotos first={state.file} files={state.moreFiles} onChange={(files) => dispatch({ type: "moreFiles", files })} />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={() => dispatch({ type: "goto", step: 2 })}>
              <ArrowLeft aria-hidden="true" /> Back
            </Button>
            <Button size="lg" disabled={!state.file || setStyles.length === 0} onClick={() => void generate()}>
              <Sparkles aria-hidden="true" /> {setStyles.length > 1 ? `Generate ${setStyles.length} Headshots` : "Generate Headshot"}
            </Button>
          </div>
        </div>
      )}
      {state.step === 4 && <ProcessingStep progress={0} statusText={state.statusText} />}
    </WizardFrame>
  );
}
