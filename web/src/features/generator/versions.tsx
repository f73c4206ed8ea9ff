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
import { wrapping } from "@/components/ui/button-variants";
import { cn } from "@/lib/utils";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ToastAction } from "@/components/ui/toast";
import { toast } from "@/components/ui/use-toast";
import {
  FREE_REDO_DAYS,
  FREE_REDOS_PER_DAY,
  INSTRUCTION_MAX_LENGTH,
  INSTRUCTION_MIN_LENGTH,
  REFINE_MESSAGES,
  checkInstructionForm,
  type ApiHeadshot,
  type ApiVersions,
} from "@/lib/domain";
import { formatDate, getLocale, m } from "@/lib/copy";
import { useCredits } from "@/shared/api/get-credits";
import { useIsSubscriber, useSubscription } from "@/shared/api/get-subscription";
import { useMyTeam } from "@/shared/api/get-my-team";
import { BeforeAfter } from "./before-after";
import { useRedo, useRefine, useUseVersion } from "./api/versions";

const versionName = (v: Pick<ApiHeadshot, "version">) => m.generator_version_n({ n: v.version });

/** What a version is, in a few words: how it was made. */
function versionNote(v: ApiHeadshot): string {
  if (v.kind === "edit") return m.generator_version_quoted({ instruction: v.instruction ?? "" });
  if (v.kind === "redo") return v.freeRedo ? m.generator_version_free_redo() : m.generator_version_redo();
  return m.generator_version_first();
}

/** A version's name, what it is and its state, for the strip's buttons: "Version 2: Redo (in use)". */
function versionLabel(v: ApiHeadshot, inUse: boolean): string {
  const states = [
    inUse && m.generator_version_in_use(),
    v.status === "processing" && m.generator_version_being_made(),
    v.status === "failed" && m.generator_version_failed(),
  ].filter(Boolean);
  return [m.generator_version_label({ name: versionName(v), note: versionNote(v) }), ...states].join(" ");
}

/** The instruction's form refused as it is typed (domain/refine.ts), in the reader's language. */
function formProblem(message: string): string {
  if (message === REFINE_MESSAGES.tooShort) return m.generator_refine_too_short({ min: INSTRUCTION_MIN_LENGTH });
  if (message === REFINE_MESSAGES.tooLong) return m.generator_refine_too_long({ max: INSTRUCTION_MAX_LENGTH });
  if (message === REFINE_MESSAGES.characters) return m.generator_refine_characters();
  return message;
}

/** The strip of versions, oldest first: the one open is marked, the one in use says so; each opens at its own URL. */
export function VersionStrip({ versions, openId, onOpen }: { versions: ApiVersions; openId: string; onOpen: (id: string) => void }) {
  if (versions.versions.length < 2) return null;
  return (
    <nav aria-label={m.generator_versions_nav()} className="grid gap-2">
      <p className="text-sm font-semibold">{m.generator_versions()}</p>
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
                aria-label={versionLabel(v, inUse)}
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
                <span className="font-medium">{m.generator_version_short({ n: v.version })}</span>
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
    { id: "original", label: m.generator_your_photo(), url: original },
    ...finished.map((v) => ({ id: v.id, label: versionName(v), url: v.generatedImageUrl })),
  ];
  const before = choices.find((c) => c.id === beforeId) ?? choices[0]!;
  const after = choices.find((c) => c.id === afterId) ?? { id: open.id, label: versionName(open), url: open.generatedImageUrl };
  const afterVersion = after.id === "original" ? null : (finished.find((v) => v.id === after.id) ?? open);
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
        alt={
          afterVersion
            ? m.generator_headshot_alt_of_version({ style: styleName, n: afterVersion.version })
            : m.generator_headshot_alt_of_photo({ style: styleName })
        }
        labels={
          before.id === "original" && after.id === open.id && finished.length < 2
            ? undefined
            : {
                before: before.label,
                after: after.label,
                beforeAlt: before.id === "original" ? m.generator_original_photo_alt() : before.label,
              }
        }
      />
      {finished.length > 1 && (
        <div className="grid grid-cols-2 gap-3" role="group" aria-label={m.generator_compare_two_versions()}>
          {picker(beforeSelect, m.generator_compare(), before.id, setBeforeId)}
          {picker(afterSelect, m.generator_with(), after.id, setAfterId)}
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
        <Check className="size-4" aria-hidden="true" /> {m.generator_version_in_gallery({ n: version.version })}
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
            toast({ title: m.generator_using_version({ n: version.version }), description: m.generator_using_version_text() }),
          onError: (err) =>
            toast({
              variant: "destructive",
              title: m.generator_use_version_failed(),
              description: errorText(err, m.generator_please_try_again()),
            }),
        })
      }
    >
      <Check aria-hidden="true" /> {m.generator_use_this_version()}
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
      <ToastAction altText={m.generator_see_plans_alt()} asChild>
        <Link href="/pricing">{m.generator_see_plans()}</Link>
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
  const problem = (touched && !checked.ok ? formProblem(checked.message) : null) ?? refused;
  const outOfFree = plansKnown && !isSubscriber && credits?.remaining === 0;
  const cost = isSubscriber
    ? m.generator_cost_subscriber()
    : outOfFree
      ? null
      : credits
        ? m.generator_cost_free({ count: credits.remaining })
        : m.generator_cost_unknown();

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
          const message = errorText(err, m.generator_please_try_again());
          // the instruction refused (nothing spent): said under the field, where it can be reworded
          const code = errorCode(err);
          if (code === "instruction_refused" || code === "invalid_input") setRefused(message);
          else if (needsPlan(err)) planToast(m.generator_change_needs_plan(), message);
          else toast({ variant: "destructive", title: m.generator_change_failed(), description: message });
        },
      },
    );
  }

  const offer = versions.redo;
  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="grid gap-2" noValidate aria-labelledby={`${inputId}-title`}>
        <h3 id={`${inputId}-title`} className="flex items-center gap-2 font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden="true" /> {m.generator_refine()}
        </h3>
        <Label htmlFor={inputId}>{m.generator_describe_change()}</Label>
        <Textarea
          id={inputId}
          value={text}
          maxLength={INSTRUCTION_MAX_LENGTH}
          onChange={(e) => {
            setText(e.target.value);
            setRefused(null);
          }}
          onBlur={() => setTouched(text.length > 0)}
          placeholder={m.generator_refine_placeholder()}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${helpId}${problem ? ` ${errorId}` : ""}`}
          className="min-h-16"
        />
        <p id={helpId} className="text-xs text-muted-foreground">
          {m.generator_refine_help({ max: INSTRUCTION_MAX_LENGTH })}
          {cost ? ` ${cost}` : ""}
        </p>
        {outOfFree && (
          <p className="text-sm" data-testid="refine-needs-plan">
            {m.generator_refine_needs_plan()}{" "}
            <Link href="/pricing" className="font-medium text-primary underline underline-offset-4">
              {m.generator_see_plans()}
            </Link>
          </p>
        )}
        {problem && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <Button type="submit" disabled={refine.isPending || outOfFree} className="justify-self-start">
          {refine.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}{" "}
          {m.generator_refine()}
        </Button>
      </form>
      <div className="grid gap-2">
        <h3 className="font-semibold">{m.generator_redo_title()}</h3>
        <p className="text-sm text-muted-foreground">
          {offer.free
            ? offer.freeUntil
              ? m.generator_redo_free_offer_until({
                  days: FREE_REDO_DAYS,
                  date: formatDate(offer.freeUntil, getLocale(), "medium"),
                  perDay: m.generator_free_redos({ count: FREE_REDOS_PER_DAY }),
                })
              : m.generator_redo_free_offer({ days: FREE_REDO_DAYS, perDay: m.generator_free_redos({ count: FREE_REDOS_PER_DAY }) })
            : offer.why}
        </p>
        <Button
          variant="outline"
          className={cn("justify-self-start", wrapping.default)} // in French, wider than a phone (issue 50)
          disabled={redo.isPending}
          onClick={() =>
            redo.mutate(version.id, {
              onSuccess: (made) => onStarted(made.id),
              onError: (err) =>
                needsPlan(err)
                  ? planToast(m.generator_redo_needs_plan(), errorText(err, m.generator_please_try_again()))
                  : toast({
                      variant: "destructive",
                      title: m.generator_redo_failed(),
                      description: errorText(err, m.generator_please_try_again()),
                    }),
            })
          }
        >
          <RotateCcw aria-hidden="true" /> {offer.free ? m.generator_redo_free_button() : m.generator_redo_button()}
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
        {version.refunded && <span>{m.generator_generation_refunded()}</span>}
        {currentId && (
          <Button size="sm" variant="outline" className="justify-self-start" onClick={() => onOpen(currentId)}>
            {m.generator_back_to_version_in_use()}
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
