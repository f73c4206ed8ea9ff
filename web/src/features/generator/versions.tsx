/**
 * A headshot's versions in its result view (issue 36): the strip of versions (each opens at its own URL), the
 * comparison of any two on the before/after slider, "Use this version", and the refine and redo controls.
 */
import { useId, useState, type FormEvent } from "react";
import { AlertCircle, Check, Loader2, RotateCcw, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { errorCode, errorText } from "@/api/client";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ToastAction } from "@/components/ui/toast";
import { toast } from "@/components/ui/use-toast";
import {
  FREE_REDO_DAYS,
  FREE_REDOS_PER_DAY,
  INSTRUCTION_MAX_LENGTH,
  MESSAGES,
  checkInstructionForm,
  count,
  type ApiHeadshot,
  type ApiVersions,
} from "@/lib/domain";
import { useCredits } from "@/shared/api/get-credits";
import { useIsSubscriber, useSubscription } from "@/shared/api/get-subscription";
import { useMyTeam } from "@/shared/api/get-my-team";
import { BeforeAfter } from "./before-after";
import { useRedo, useRefine, useUseVersion } from "./api/versions";

const versionName = (v: Pick<ApiHeadshot, "version">) => `Version ${v.version}`;

/** What a version is, in a few words: how it was made. */
function versionNote(v: ApiHeadshot): string {
  if (v.kind === "edit") return `“${v.instruction}”`;
  if (v.kind === "redo") return v.freeRedo ? "Free redo" : "Redo";
  return "First picture";
}

/** The strip of versions, oldest first: the one open is marked, the one in use says so; each opens at its own URL. */
export function VersionStrip({ versions, openId, onOpen }: { versions: ApiVersions; openId: string; onOpen: (id: string) => void }) {
  if (versions.versions.length < 2) return null;
  return (
    <nav aria-label="Versions of this headshot" className="grid gap-2">
      <p className="text-sm font-semibold">Versions</p>
      <ol className="flex gap-2 overflow-x-auto pb-1" data-testid="version-strip">
        {versions.versions.map((v) => {
          const open = v.id === openId;
          const inUse = v.id === versions.currentId;
          return (
            <li key={v.id} className="shrink-0">
              <button
                type="button"
                onClick={() => onOpen(v.id)}
                aria-current={open ? "page" : undefined}
                aria-label={`${versionName(v)}: ${versionNote(v)}${inUse ? " (in use)" : ""}${v.status === "processing" ? " (being made)" : ""}${v.status === "failed" ? " (failed)" : ""}`}
                className={`grid w-20 gap-1 rounded-lg border p-1 text-left text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${open ? "border-primary ring-1 ring-primary" : ""}`}
              >
                <span className="relative block aspect-square overflow-hidden rounded-md bg-muted">
                  {v.generatedImageUrl ? (
                    <img src={v.generatedImageUrl} alt="" className="size-full object-cover" loading="lazy" />
                  ) : (
                    <span className="flex size-full items-center justify-center text-muted-foreground">
                      {v.status === "failed" ? (
                        <AlertCircle className="size-5 text-destructive" aria-hidden="true" />
                      ) : (
                        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
                      )}
                    </span>
                  )}
                  {inUse && (
                    <span className="absolute bottom-1 right-1 rounded-full bg-primary p-0.5 text-primary-foreground">
                      <Check className="size-3" aria-hidden="true" />
                    </span>
                  )}
                </span>
                <span className="font-medium">v{v.version}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * Before/after between any two: your photo or any finished version on each side (the slider of SPEC §2). By
 * default your photo before and the open version after, as a first result has always been shown.
 */
export function CompareVersions({
  original,
  open,
  versions,
  styleName,
}: {
  original: string;
  open: ApiHeadshot & { generatedImageUrl: string };
  versions: ApiHeadshot[];
  styleName: string;
}) {
  const finished = versions.filter(
    (v): v is ApiHeadshot & { generatedImageUrl: string } => v.status === "completed" && Boolean(v.generatedImageUrl),
  );
  const [beforeId, setBeforeId] = useState("original");
  const [afterId, setAfterId] = useState(open.id);
  const choices = [
    { id: "original", label: "Your photo", url: original },
    ...finished.map((v) => ({ id: v.id, label: versionName(v), url: v.generatedImageUrl })),
  ];
  const before = choices.find((c) => c.id === beforeId) ?? choices[0]!;
  const after = choices.find((c) => c.id === afterId) ?? { id: open.id, label: versionName(open), url: open.generatedImageUrl };
  const beforeSelect = useId();
  const afterSelect = useId();
  const picker = (id: string, label: string, value: string, onChange: (v: string) => void) =>
    finished.length > 1 && (
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
    );
  return (
    <div className="grid gap-3">
      <BeforeAfter
        before={before.url}
        after={after.url}
        alt={`Your ${styleName} headshot, ${after.label.toLowerCase()}`}
        labels={
          before.id === "original" && after.id === open.id && finished.length < 2
            ? undefined
            : { before: before.label, after: after.label, beforeAlt: before.id === "original" ? "Your original photo" : before.label }
        }
      />
      {finished.length > 1 && (
        <div className="grid grid-cols-2 gap-3" role="group" aria-label="Compare two versions">
          {picker(beforeSelect, "Compare", before.id, setBeforeId)}
          {picker(afterSelect, "With", after.id, setAfterId)}
        </div>
      )}
    </div>
  );
}

/** "Use this version": the gallery (and downloads from it) show this one. */
export function UseVersionButton({ version, versions }: { version: ApiHeadshot; versions: ApiVersions }) {
  const use = useUseVersion();
  if (versions.versions.length < 2) return null;
  if (versions.currentId === version.id) {
    return (
      <p className="flex items-center gap-2 text-sm text-success-ink" data-testid="version-in-use">
        <Check className="size-4" aria-hidden="true" /> {versionName(version)} is the one in your gallery
      </p>
    );
  }
  return (
    <Button
      variant="outline"
      disabled={use.isPending}
      onClick={() =>
        use.mutate(version.id, {
          onSuccess: () =>
            toast({ title: `Using ${versionName(version).toLowerCase()}`, description: "Your gallery shows this version now." }),
          onError: (err) =>
            toast({ variant: "destructive", title: "Couldn't use this version", description: errorText(err, "Please try again.") }),
        })
      }
    >
      <Check aria-hidden="true" /> Use this version
    </Button>
  );
}

/** A refusal a plan would lift (402, or `requiresSubscription`): a toast that leads to /pricing. */
function planToast(title: string, description: string) {
  toast({
    variant: "destructive",
    title,
    description,
    action: (
      <ToastAction altText="See plans on the pricing page" asChild>
        <Link href="/pricing">See plans</Link>
      </ToastAction>
    ),
  });
}

const needsPlan = (err: unknown) => errorCode(err) === "subscription_required";

/**
 * Refine in words, and "Doesn't look like me": each makes a new version (opened at once, while it is made). The
 * instruction's form (length, characters) is checked as it is typed; its meaning is judged by the server in any language
 * (word lists, then a text model; decision 310) before anything is spent, and a refusal is shown under the field. What a
 * change costs is said up front: a subscriber's fair use, a free person's free generations left, or, with none left, that
 * a change needs a plan (with the way to /pricing).
 */
export function RefineControls({
  version,
  versions,
  onStarted,
}: {
  version: ApiHeadshot;
  versions: ApiVersions;
  onStarted: (id: string) => void;
}) {
  const isSubscriber = useIsSubscriber();
  const credits = useCredits(0).data;
  // known before it is said: a subscriber or team member whose plan is still loading is not told they need one
  const subscriptionKnown = useSubscription().isSuccess;
  const teamKnown = useMyTeam().isSuccess;
  const plansKnown = subscriptionKnown && teamKnown;
  const refine = useRefine();
  const redo = useRedo();
  const [text, setText] = useState("");
  const [touched, setTouched] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
  const checked = checkInstructionForm(text);
  const problem = (touched && !checked.ok ? checked.message : null) ?? refused;
  const outOfFree = plansKnown && !isSubscriber && credits?.remaining === 0;
  const cost = isSubscriber
    ? "A change counts as one generation toward your fair use."
    : outOfFree
      ? null
      : credits
        ? `A change uses one of your free generations (${credits.remaining} left), watermarked like a new picture.`
        : "A change uses one generation, like a new picture.";

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setRefused(null);
    if (!checked.ok) return;
    refine.mutate(
      { id: version.id, instruction: checked.instruction },
      {
        onSuccess: (made) => {
          setText("");
          setTouched(false);
          onStarted(made.id);
        },
        onError: (err) => {
          const message = errorText(err, "Please try again.");
          // the instruction refused (nothing spent): said under the field, where it can be reworded
          const code = errorCode(err);
          if (code === "instruction_refused" || code === "invalid_input") setRefused(message);
          else if (needsPlan(err)) planToast("A change needs a plan", message);
          else toast({ variant: "destructive", title: "Couldn't make the change", description: message });
        },
      },
    );
  }

  const offer = versions.redo;
  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="grid gap-2" noValidate aria-labelledby={`${inputId}-title`}>
        <h3 id={`${inputId}-title`} className="flex items-center gap-2 font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden="true" /> Refine
        </h3>
        <Label htmlFor={inputId}>Describe the change</Label>
        <Textarea
          id={inputId}
          value={text}
          maxLength={INSTRUCTION_MAX_LENGTH}
          onChange={(e) => {
            setText(e.target.value);
            setRefused(null);
          }}
          onBlur={() => setTouched(text.length > 0)}
          placeholder="a dark red tie"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${helpId}${problem ? ` ${errorId}` : ""}`}
          className="min-h-16"
        />
        <p id={helpId} className="text-xs text-muted-foreground">
          For example “a closed-mouth smile”, “less shine on the forehead” or “the background a little lighter”. Up to{" "}
          {INSTRUCTION_MAX_LENGTH} characters. You stay you: we don't change age, skin tone, face or body.{cost ? ` ${cost}` : ""}
        </p>
        {outOfFree && (
          <p className="text-sm" data-testid="refine-needs-plan">
            You've used your free generations: a change needs a subscription.{" "}
            <Link href="/pricing" className="font-medium text-primary underline underline-offset-4">
              See plans
            </Link>
          </p>
        )}
        {problem && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <Button type="submit" disabled={refine.isPending || outOfFree} className="justify-self-start">
          {refine.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />} Refine
        </Button>
      </form>
      <div className="grid gap-2">
        <h3 className="font-semibold">Doesn't look like you?</h3>
        <p className="text-sm text-muted-foreground">
          {offer.free
            ? `Get one new picture of the same style, free: once per picture, within ${FREE_REDO_DAYS} days${offer.freeUntil ? ` (until ${new Date(offer.freeUntil).toLocaleDateString(undefined, { dateStyle: "medium" })})` : ""}, and up to ${count(FREE_REDOS_PER_DAY, "free redo")} a day.`
            : offer.why}
        </p>
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={redo.isPending}
          onClick={() =>
            redo.mutate(version.id, {
              onSuccess: (made) => onStarted(made.id),
              onError: (err) =>
                needsPlan(err)
                  ? planToast("A redo needs a plan", errorText(err, "Please try again."))
                  : toast({
                      variant: "destructive",
                      title: "Couldn't start the redo",
                      description: errorText(err, "Please try again."),
                    }),
            })
          }
        >
          <RotateCcw aria-hidden="true" /> {offer.free ? "Doesn't look like me: free redo" : "Doesn't look like me: redo"}
        </Button>
      </div>
    </div>
  );
}

/** A version that failed: why, whether it was given back, and the way back to the version in use. */
export function FailedVersion({
  version,
  onOpen,
  currentId,
}: {
  version: ApiHeadshot;
  onOpen: (id: string) => void;
  currentId: string | null;
}) {
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertDescription className="grid gap-2">
        <span>{version.error}</span>
        {version.refunded && <span>{MESSAGES.generationRefunded}</span>}
        {currentId && (
          <Button size="sm" variant="outline" className="justify-self-start" onClick={() => onOpen(currentId)}>
            Back to the version in use
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
