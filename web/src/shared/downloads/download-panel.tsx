import { useId, useState } from "react";
import { Download, Lock } from "lucide-react";
import { ContentCredentialsLine } from "./content-credentials";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import {
  DPIS,
  FILE_FORMATS,
  PRESETS,
  WEB_LONG_SIDE,
  CUSTOM_SIZE_MAX,
  CUSTOM_SIZE_MIN,
  formatAllowed,
  needsSubscription,
  noAdjustment,
  roundAllowed,
  type ApiHeadshot,
  type DownloadOptions,
  type Dpi,
  type FileFormat,
  type PresetId,
  type Resolution,
  type Shape,
} from "@/lib/domain";
import { useIsSubscriber } from "@/shared/api/get-subscription";
import { useSubscriptionDialog } from "@/shared/billing/subscription-dialog";
import { chooseCustomSize, chooseDpi, choosePreset, chooseResolution, defaultOptions } from "./options";
import { DownloadPreview } from "./download-preview";
import { DownloadAdjust, NO_ADJUSTMENT } from "./download-adjust";
import { useDownloadHeadshot } from "./use-download";
import { m } from "@/lib/copy";
import { customSizeWords, formatProblemWords, presetName, presetUse } from "@/shared/words/download-words";

function ProBadge() {
  return (
    <Badge variant="accent" className="ml-auto px-1.5 py-0 text-[10px] uppercase tracking-wide">
      <Lock className="size-2.5" aria-hidden="true" /> {m.generator_download_pro()}
    </Badge>
  );
}

function OptionGroup<T extends string>({
  legend,
  value,
  onChange,
  items,
  columns = 2,
}: {
  legend: string;
  value: T;
  onChange: (v: T) => void;
  items: Array<{ value: T; label: string; hint?: string; paid?: boolean }>;
  columns?: 2 | 3;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <RadioGroup
        value={value}
        onValueChange={(v) => onChange(v as T)}
        // three to a row from `sm`: on a phone a third of the card is narrower than a word ("Impression", issue 50)
        className={columns === 3 ? "grid-cols-2 sm:grid-cols-3" : "grid-cols-2"}
        aria-label={legend}
      >
        {items.map((it) => (
          <Label
            key={it.value}
            htmlFor={`${id}-${it.value}`}
            className="flex cursor-pointer items-start gap-2 rounded-lg border p-3 font-normal transition-colors hover:bg-muted has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/60"
          >
            <RadioGroupItem
              id={`${id}-${it.value}`}
              value={it.value}
              className="mt-0.5"
              aria-label={it.paid ? m.generator_download_paid_option({ label: it.label }) : it.label}
              aria-describedby={it.hint ? `${id}-${it.value}-hint` : undefined}
            />
            {/* a column, not a grid: a grid track would grow to its longest word, past the card (issue 50) */}
            <span className="flex min-w-0 flex-col gap-0.5">
              <span className="text-sm font-medium">{it.label}</span>
              {it.hint && (
                <span id={`${id}-${it.value}-hint`} className="text-xs text-muted-foreground">
                  {it.hint}
                </span>
              )}
            </span>
            {it.paid && <ProBadge />}
          </Label>
        ))}
      </RadioGroup>
    </fieldset>
  );
}

const NO_PRESET = "none";
const CUSTOM = "custom";
/** A custom size starts from the full square of a 1K result. */
const CUSTOM_START = { width: "1024", height: "1024" };
const FORMAT_LABELS: Record<FileFormat, string> = { png: "PNG", webp: "WebP", tiff: "TIFF" };

/**
 * What the panel's button does with the chosen options: by default, download this one headshot; a ZIP
 * of several (issue 24) passes its own, so a set is downloaded with the very same choices and rules.
 */
export interface DownloadAction {
  label: string;
  busy: boolean;
  run: (options: DownloadOptions) => void;
}

/** Step 5's export studio (SPEC §2/§5, issue 5); also the options of a ZIP download (`action`). */
export function DownloadPanel({
  headshot,
  imageUrl,
  action,
}: {
  headshot: Pick<ApiHeadshot, "id" | "style"> & { backgroundColor?: string | null };
  imageUrl: string;
  action?: DownloadAction;
}) {
  const isSubscriber = useIsSubscriber();
  const { openSubscriptionDialog } = useSubscriptionDialog();
  const single = useDownloadHeadshot();
  const busy = action ? action.busy : single.busy;
  const [chosen, setOptions] = useState<DownloadOptions | null>(null);
  const options = chosen ?? defaultOptions(isSubscriber);
  /** The custom width and height as typed (null: no custom size); the options take them once they are valid. */
  const [custom, setCustom] = useState<{ width: string; height: string } | null>(null);
  const customProblem = custom ? customSizeWords(Number(custom.width), Number(custom.height)) : null;
  const presetId = useId();

  /** Free users may look at the paid options, but choosing one opens the Subscription Required dialog. */
  function update(next: DownloadOptions) {
    if (!isSubscriber && needsSubscription(next)) {
      openSubscriptionDialog();
      return false;
    }
    if (!next.width) setCustom(null);
    setOptions(next);
    return true;
  }

  function chooseSize(value: string) {
    if (value !== CUSTOM) return void update(choosePreset(options, value === NO_PRESET ? undefined : (value as PresetId)));
    if (update(chooseCustomSize(options, Number(CUSTOM_START.width), Number(CUSTOM_START.height)))) setCustom(CUSTOM_START);
  }

  function typeSize(side: "width" | "height", value: string) {
    const next = { ...custom!, [side]: value };
    setCustom(next);
    if (!customSizeWords(Number(next.width), Number(next.height)))
      setOptions(chooseCustomSize(options, Number(next.width), Number(next.height)));
  }

  return (
    <section aria-labelledby="download-heading" className="@container">
      <div className="grid gap-6 @2xl:grid-cols-[minmax(0,16rem)_1fr]">
        <div>
          <h3 id="download-heading" className="mb-3 text-lg font-semibold">
            {m.generator_download_options()}
          </h3>
          <DownloadPreview src={imageUrl} options={options} className="mx-auto w-full max-w-xs" />
          {!action && (
            <div className="mt-4">
              <DownloadAdjust
                headshot={headshot}
                value={options.adjust ?? NO_ADJUSTMENT}
                onChange={(adjust) => setOptions({ ...options, adjust: noAdjustment(adjust) ? undefined : adjust })}
              />
            </div>
          )}
        </div>
        <div className="grid gap-5">
          <OptionGroup<Resolution>
            legend={m.generator_download_resolution()}
            value={options.resolution}
            onChange={(r) => update(chooseResolution(options, r))}
            items={[
              { value: "high", label: m.generator_download_high(), hint: m.generator_download_high_hint(), paid: !isSubscriber },
              { value: "web", label: m.generator_download_web(), hint: m.generator_download_web_hint({ px: WEB_LONG_SIDE }) },
            ]}
          />
          <div className="grid gap-2">
            <Label htmlFor={presetId} className="flex items-center gap-2">
              {m.generator_download_size_preset()} {!isSubscriber && <ProBadge />}
            </Label>
            <Select value={custom ? CUSTOM : (options.preset ?? NO_PRESET)} onValueChange={chooseSize}>
              <SelectTrigger id={presetId} className="h-auto min-h-10">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_PRESET}>{m.generator_download_no_preset()}</SelectItem>
                {PRESETS.map((p) => (
                  <SelectItem key={p.id} value={p.id}>
                    {m.generator_download_preset_option({ name: presetName(p.id), width: p.width, height: p.height, use: presetUse(p.id) })}
                  </SelectItem>
                ))}
                <SelectItem value={CUSTOM}>{m.generator_download_custom_size()}</SelectItem>
              </SelectContent>
            </Select>
            {custom && (
              <fieldset className="grid grid-cols-2 gap-3">
                <legend className="sr-only">{m.generator_download_custom_legend()}</legend>
                {(["width", "height"] as const).map((side) => (
                  <div key={side} className="grid gap-1">
                    <Label htmlFor={`${presetId}-${side}`}>
                      {side === "width" ? m.generator_download_width() : m.generator_download_height()}
                    </Label>
                    <Input
                      id={`${presetId}-${side}`}
                      type="number"
                      inputMode="numeric"
                      min={CUSTOM_SIZE_MIN}
                      max={CUSTOM_SIZE_MAX}
                      step={1}
                      value={custom[side]}
                      onChange={(e) => typeSize(side, e.target.value)}
                      aria-invalid={customProblem ? true : undefined}
                      aria-describedby={`${presetId}-custom-note`}
                    />
                  </div>
                ))}
              </fieldset>
            )}
            <p id={`${presetId}-custom-note`} className={customProblem ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>
              {customProblem ??
                (custom
                  ? m.generator_download_custom_note({ min: CUSTOM_SIZE_MIN, max: CUSTOM_SIZE_MAX })
                  : m.generator_download_preset_note())}
            </p>
          </div>
          <div className="grid gap-2">
            <OptionGroup<Shape>
              legend={m.generator_download_shape()}
              value={options.shape}
              onChange={(shape) => update({ ...options, shape })}
              items={[
                { value: "square", label: m.generator_download_square() },
                ...(roundAllowed(options)
                  ? [{ value: "round" as const, label: m.generator_download_round(), hint: m.generator_download_round_hint() }]
                  : []),
              ]}
            />
            {!roundAllowed(options) && <p className="text-xs text-muted-foreground">{m.generator_download_round_not_allowed()}</p>}
          </div>
          <OptionGroup<FileFormat>
            legend={m.generator_download_file_format()}
            value={options.fileFormat}
            onChange={(fileFormat) => update({ ...options, fileFormat })}
            columns={3}
            items={FILE_FORMATS.filter((fileFormat) => formatAllowed({ ...options, fileFormat })).map((f) => ({
              value: f,
              label: FORMAT_LABELS[f],
            }))}
          />
          {formatProblemWords({ ...options, fileFormat: "webp" }) && (
            <p className="-mt-3 text-xs text-muted-foreground">{formatProblemWords({ ...options, fileFormat: "webp" })}</p>
          )}
          <ContentCredentialsLine />
          <OptionGroup<"screen" | Dpi>
            legend={m.generator_download_dpi()}
            value={options.dpi ?? "screen"}
            onChange={(d) => update(chooseDpi(options, d === "screen" ? undefined : d))}
            columns={3}
            items={[
              { value: "screen", label: m.generator_download_screen() },
              ...DPIS.map((d) => ({ value: d, label: d, hint: d === "300" ? m.generator_download_print() : undefined })),
            ]}
          />
          <Button
            size="lg"
            onClick={() => (action ? action.run(options) : void single.download(headshot, options))}
            disabled={busy || Boolean(customProblem)}
          >
            <Download aria-hidden="true" /> {busy ? m.generator_download_preparing() : (action?.label ?? m.generator_download())}
          </Button>
        </div>
      </div>
    </section>
  );
}
