import { useRef, useState, type Dispatch, type ReactNode } from "react";
import { ArrowLeft, ArrowRight, Crown, Sparkles } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { FREE_GENERATIONS, maxStylesFor, type StyleId } from "@/lib/domain";
import { m } from "@/lib/copy";
import { fairUseAllPlans } from "@/shared/billing/plan-words";
import { genderName as genderWords, styleName as styleWords } from "@/shared/words/style-words";
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

const freeUsed = () => m.generator_free_used({ count: FREE_GENERATIONS });

const HEADINGS: Record<WizardStep, { title: () => string; text: () => string }> = {
  1: { title: m.generator_heading_gender_title, text: m.generator_heading_gender_text },
  2: { title: m.generator_heading_style_title, text: m.generator_heading_style_text },
  3: { title: m.generator_heading_upload_title, text: m.generator_heading_upload_text },
  4: { title: m.generator_heading_generating_title, text: m.generator_heading_generating_text },
};

/** The team look in words (issue 25): with its label ("Team look: Suit, background #123456"), or its value alone. */
function teamLookWords(look: { style: string; brandColor: string }, backdrop: "color" | "photo" = "color", withLabel = true): string {
  const style = styleWords(look.style);
  if (backdrop === "photo") return withLabel ? m.generator_team_look_photo({ style }) : m.generator_team_look_photo_value({ style });
  return withLabel
    ? m.generator_team_look_color({ style, color: look.brandColor })
    : m.generator_team_look_color_value({ style, color: look.brandColor });
}

function Choice({ label, changeLabel, value, onChange }: { label: string; changeLabel: string; value: string; onChange: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border bg-card py-1 pl-3 pr-1 text-sm">
      <span className="text-muted-foreground">{m.generator_choice_label({ label })}</span> <span className="font-medium">{value}</span>
      <Button variant="ghost" size="sm" className="h-7 px-2 text-primary" onClick={onChange} aria-label={changeLabel}>
        {m.generator_change()}
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
  const styleName = state.setMode ? setStyles.map((s) => styleWords(s)).join(", ") || null : state.style ? styleWords(state.style) : null;
  const genderName = state.gender ? genderWords(state.gender) : m.generator_gender_not_specified();
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
      statusText: m.generator_status_uploading_set({ count: setStyles.length }),
    });
    try {
      const shoot = await startSet.mutateAsync({ photos: [file, ...state.moreFiles], styles: setStyles, gender });
      dispatch({ type: "started", id: shoot.headshots[0]?.id ?? shoot.id });
      onShootStarted?.(shoot.id);
    } catch (err) {
      showError(err, m.generator_upload_failed());
    }
  }

  async function generate() {
    if (isShoot(state)) return generateSet();
    const { file, style, gender } = state;
    if (!file || !style) return;
    dispatch({ type: "processing", statusText: m.generator_status_uploading() });
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
        showError(err, m.generator_upload_failed());
        return;
      }
      dispatch({ type: "uploaded", headshot });
    }
    dispatch({ type: "processing", statusText: m.generator_status_starting() });
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
    <WizardFrame step={state.step} title={heading.title()} text={heading.text()} focusKey={`wizard:${state.step}`}>
      {(state.step === 2 || state.step === 3) && (
        <div className="flex flex-wrap items-center gap-2">
          <Choice
            label={m.generator_label_gender()}
            changeLabel={m.generator_change_gender()}
            value={genderName}
            onChange={() => dispatch({ type: "goto", step: 1 })}
          />
          {state.step === 3 && styleName && !inTeamLook && (
            <Choice
              label={state.setMode ? m.generator_label_styles() : m.generator_label_style()}
              changeLabel={state.setMode ? m.generator_change_styles() : m.generator_change_style()}
              value={styleName}
              onChange={() => dispatch({ type: "goto", step: 2 })}
            />
          )}
          {state.step === 3 && inTeamLook && look && (
            <Choice
              label={m.generator_label_team_look()}
              changeLabel={m.generator_change_team_look()}
              value={teamLookWords(look, team?.team.shoot.backdrop, false)}
              onChange={() => dispatch({ type: "goto", step: 2 })}
            />
          )}
        </div>
      )}

      {state.step === 1 && outOfFree && (
        <Alert variant="info" role="status">
          <Crown aria-hidden="true" />
          <AlertTitle>{freeUsed()}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{m.generator_plan_offer({ fairUse: fairUseAllPlans() })}</p>
            <Button className="justify-self-start" onClick={() => openSubscriptionDialog(freeUsed())}>
              {m.generator_see_plans_and_prices()}
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
                {m.generator_continue()} <ArrowRight aria-hidden="true" />
              </Button>
            )}
            <Button variant="link" className="px-0" onClick={() => dispatch({ type: "gender", gender: null })}>
              {m.generator_skip_gender()}
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
                {teamLookWords(look, team?.team.shoot.backdrop)}
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
                {m.generator_use_team_look()}
              </Button>
            </div>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border bg-card p-3 text-sm">
            {state.setMode ? (
              <span aria-live="polite" data-testid="set-count">
                {isSubscriber
                  ? m.generator_set_count({ count: setStyles.length, max: maxStyles })
                  : m.generator_set_count_free({ count: setStyles.length, max: maxStyles })}
              </span>
            ) : (
              <span className="text-muted-foreground">{m.generator_set_offer()}</span>
            )}
            <Button variant="outline" size="sm" onClick={() => dispatch({ type: "setMode", on: !state.setMode })}>
              {state.setMode ? m.generator_choose_one_style() : m.generator_choose_several_styles()}
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
              <ArrowLeft aria-hidden="true" /> {m.generator_back()}
            </Button>
            {state.setMode && setStyles.length > 0 && (
              <Button onClick={() => dispatch({ type: "continueSet" })}>
                {m.generator_continue_with_styles({ count: setStyles.length })} <ArrowRight aria-hidden="true" />
              </Button>
            )}
            {!state.setMode && state.style && (
              <Button onClick={() => dispatch({ type: "goto", step: 3 })}>
                {m.generator_continue_with_style({ style: styleName ?? "" })} <ArrowRight aria-hidden="true" />
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
              <ArrowLeft aria-hidden="true" /> {m.generator_back()}
            </Button>
            <Button size="lg" disabled={!state.file || setStyles.length === 0} onClick={() => void generate()}>
              <Sparkles aria-hidden="true" />{" "}
              {setStyles.length > 1 ? m.generator_generate_many({ count: setStyles.length }) : m.generator_generate_one()}
            </Button>
          </div>
        </div>
      )}
      {state.step === 4 && <ProcessingStep progress={0} statusText={state.statusText} />}
    </WizardFrame>
  );
}
