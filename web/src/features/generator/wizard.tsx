import type { Dispatch } from "react";
import { ArrowLeft, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { GENDERS, MESSAGES, styleById } from "@/lib/domain";
import { cn } from "@/lib/utils";
import { useSubscriptionDialog } from "@/shared/billing/subscription-dialog";
import { useStartGeneration } from "./api/start-generation";
import { useUploadPhoto } from "./api/upload-photo";
import { GenderStep } from "./gender-step";
import { ProcessingStep } from "./processing-step";
import { ResultStep } from "./result-step";
import { describeGenerateError, type GenerateErrorView } from "./rules";
import { useRefusalBeforeUpload } from "./use-refusal-before-upload";
import { StyleStep } from "./style-step";
import { UploadDropzone } from "./upload-dropzone";
import type { Step, WizardAction, WizardState } from "./use-wizard";
import { useStatusPolling } from "./use-status-polling";

const STEPS: Array<{ n: Step; label: string }> = [
  { n: 1, label: "Gender" },
  { n: 2, label: "Style" },
  { n: 3, label: "Photo" },
  { n: 4, label: "Processing" },
  { n: 5, label: "Result" },
];

const HEADINGS: Record<Step, { title: string; text: string }> = {
  1: { title: "Choose your gender", text: "We tailor clothing and styling to match." },
  2: { title: "Choose a style", text: "Pick the look for your headshot." },
  3: { title: "Upload your photo", text: "A clear, well-lit, front-facing photo gives the best result." },
  4: { title: "Generating", text: "Hang tight — this usually takes a few seconds." },
  5: { title: "Your headshot is ready", text: "Compare, then download it in the size and shape you need." },
};

function Stepper({ step }: { step: Step }) {
  return (
    <ol className="flex items-center gap-1.5 sm:gap-2" aria-label="Progress">
      {STEPS.map((s, i) => (
        <li key={s.n} className="flex items-center gap-1.5 sm:gap-2" aria-current={s.n === step ? "step" : undefined}>
          <span
            className={cn(
              "inline-flex size-7 items-center justify-center rounded-full text-xs font-semibold",
              s.n < step && "bg-primary/15 text-primary",
              s.n === step && "bg-primary text-primary-foreground",
              s.n > step && "bg-muted text-muted-foreground",
            )}
          >
            {s.n}
            <span className="sr-only">
              {" "}
              {s.label}
              {s.n < step ? " (done)" : ""}
            </span>
          </span>
          <span className={cn("hidden text-sm lg:inline", s.n === step ? "font-medium" : "text-muted-foreground")}>{s.label}</span>
          {i < STEPS.length - 1 && <span className="h-px w-3 bg-border sm:w-6" aria-hidden="true" />}
        </li>
      ))}
    </ol>
  );
}

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

export function Wizard({ state, dispatch }: { state: WizardState; dispatch: Dispatch<WizardAction> }) {
  const upload = useUploadPhoto();
  const start = useStartGeneration();
  const refusalBeforeUpload = useRefusalBeforeUpload();
  const { openSubscriptionDialog } = useSubscriptionDialog();
  const styleName = state.style ? (styleById(state.style)?.name ?? state.style) : null;
  const genderName = state.gender ? GENDERS.find((g) => g.id === state.gender)?.name : "Not specified";

  const progress = useStatusPolling(state.processingId, (outcome) => {
    const h = state.uploaded?.headshot;
    if (outcome.status === "completed" && h) {
      dispatch({ type: "completed", result: { ...h, generatedImageUrl: outcome.generatedImageUrl } });
    } else {
      dispatch({ type: "failed" });
      toast({ variant: "destructive", title: "Error", description: outcome.status === "failed" ? outcome.error : MESSAGES.generationFailed });
    }
  });

  function showError(err: unknown, fallback?: string) {
    showRefusal(describeGenerateError(err, fallback));
  }

  function showRefusal(view: GenerateErrorView) {
    dispatch({ type: "failed" });
    toast({ variant: "destructive", title: view.title, description: view.description });
    if (view.subscriptionDialog) openSubscriptionDialog();
    if (view.scrollToTop) window.scrollTo({ top: 0, behavior: "smooth" });
  }

  async function generate() {
    const { file, style, gender } = state;
    if (!file || !style) return;
    dispatch({ type: "processing", statusText: "Uploading your photo..." });
    const reuse = state.uploaded;
    let headshot = reuse && reuse.file === file && reuse.style === style && reuse.gender === gender ? reuse.headshot : null;
    if (!headshot) {
      const refusal = await refusalBeforeUpload();
      if (refusal) {
        showRefusal(refusal);
        return;
      }
      try {
        headshot = await upload.mutateAsync({ photo: file, style, gender });
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
    dispatch({ type: "started", id: headshot.id, statusText: `Generating your ${styleName} headshot...` });
  }

  const heading = HEADINGS[state.step];
  return (
    <section aria-labelledby="wizard-heading" className="grid gap-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-sm font-medium text-primary">Step {state.step} of 5</p>
          <h2 id="wizard-heading" className="text-2xl font-bold tracking-tight">
            {heading.title}
          </h2>
          <p className="text-muted-foreground">{heading.text}</p>
        </div>
        <Stepper step={state.step} />
      </div>

      {(state.step === 2 || state.step === 3) && (
        <div className="flex flex-wrap items-center gap-2">
          <Choice label="Gender" value={genderName ?? ""} onChange={() => dispatch({ type: "goto", step: 1 })} />
          {state.step === 3 && styleName && <Choice label="Style" value={styleName} onChange={() => dispatch({ type: "goto", step: 2 })} />}
        </div>
      )}

      {state.step === 1 && (
        <div className="grid gap-4">
          <GenderStep value={state.gender} onChoose={(g) => dispatch({ type: "gender", gender: g })} />
          <div className="flex flex-wrap gap-2">
            {state.style && (
              <Button variant="outline" onClick={() => dispatch({ type: "goto", step: state.file ? 3 : 2 })}>
                <ArrowLeft aria-hidden="true" /> Back
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
          <StyleStep value={state.style} gender={state.gender} onChoose={(s) => dispatch({ type: "style", style: s })} />
          <div>
            <Button variant="outline" onClick={() => dispatch({ type: "goto", step: 1 })}>
              <ArrowLeft aria-hidden="true" /> Back
            </Button>
          </div>
        </div>
      )}
      {state.step === 3 && (
        <div className="grid gap-4">
          <UploadDropzone file={state.file} onChange={(f) => dispatch({ type: "file", file: f })} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={() => dispatch({ type: "goto", step: 2 })}>
              <ArrowLeft aria-hidden="true" /> Back
            </Button>
            <Button size="lg" disabled={!state.file || !state.style} onClick={() => void generate()}>
              <Sparkles aria-hidden="true" /> Generate Headshot
            </Button>
          </div>
        </div>
      )}
      {state.step === 4 && <ProcessingStep progress={state.processingId ? progress : 0} statusText={state.statusText} />}
      {state.step === 5 && state.result && <ResultStep headshot={state.result} onReset={() => dispatch({ type: "reset" })} />}
    </section>
  );
}
