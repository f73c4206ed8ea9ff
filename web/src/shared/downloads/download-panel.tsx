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
  formatProblem,
  ROUND_NOT_ALLOWED,
  customSizeProblem,
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

function ProBadge() {
  return (
    <Badge variant="accent" className="ml-auto px-1.5 py-0 text-[10px] uppercase tracking-wide">
      <Lock className="size-2.5" aria-hidden="true" /> Pro
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
        className={columns === 3 ? "grid-cols-3" : "grid-cols-2"}
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
              aria-label={it.paid ? `${it.label} (subscribers)` : it.label}
              aria-describedby={it.hint ? `${id}-${it.value}-hint` : undefined}
            />
            <span className="grid min-w-0 gap-0.5">
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
  const customProblem = custom ? customSizeProblem(Number(custom.width), Number(custom.height)) : null;
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
    if (!customSizeProblem(Number(next.width), Number(next.height)))
      setOptions(chooseCustomSize(options, Number(next.width), Number(next.height)));
  }

  return (
    <section aria-labelledby="download-heading" className="@container">
      <div className="grid gap-6 @2xl:grid-cols-[minmax(0,16rem)_1fr]">
        <div>
          <h3 id="download-heading" className="mb-3 text-lg font-semibold">
            Download options
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
            legend="Resolution"
            value={options.resolution}
            onChange={(r) => update(chooseResolution(options, r))}
            items={[
              { value: "high", label: "High", hint: "Full size, no watermark", paid: !isSubscriber },
              { value: "web", label: "Web", hint: `${WEB_LONG_SIDE} px, light file` },
            ]}
          />
          <div className="grid gap-2">
            <Label htmlFor={presetId} className="flex items-center gap-2">
              Size preset {!isSubscriber && <ProBadge />}
            </Label>
            <Select value={custom ? CUSTOM : (options.preset ?? NO_PRESET)} onValueChange={chooseSize}>
              <SelectTrigger id={presetId} className="h-auto min-h-10">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_PRESET}>None — original square</SelectItem>
                {PRESETS.map((p) => (
                  <SelectItem key={p.id} value={p.id}>
                    {p.name} · {p.width}×{p.height} — {p.use}
                  </SelectItem>
                ))}
                <SelectItem value={CUSTOM}>Custom size…</SelectItem>
              </SelectContent>
            </Select>
            {custom && (
              <fieldset className="grid grid-cols-2 gap-3">
                <legend className="sr-only">Custom size in pixels</legend>
                {(["width", "height"] as const).map((side) => (
                  <div key={side} className="grid gap-1">
                    <Label htmlFor={`${presetId}-${side}`}>{side === "width" ? "Width (px)" : "Height (px)"}</Label>
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
                  ? `Each side ${CUSTOM_SIZE_MIN}–${CUSTOM_SIZE_MAX} px, made from the full-resolution headshot.`
                  : "Choosing a preset or a custom size uses high resolution.")}
            </p>
          </div>
          <div className="grid gap-2">
            <OptionGroup<Shape>
              legend="Shape"
              value={options.shape}
              onChange={(shape) => update({ ...options, shape })}
              items={[
                { value: "square", label: "Square" },
                ...(roundAllowed(options) ? [{ value: "round" as const, label: "Round", hint: "Transparent corners" }] : []),
              ]}
            />
            {!roundAllowed(options) && <p className="text-xs text-muted-foreground">{ROUND_NOT_ALLOWED}</p>}
          </div>
          <OptionGroup<FileFormat>
            legend="File format"
            value={options.fileFormat}
            onChange={(fileFormat) => update({ ...options, fileFormat })}
            columns={3}
            items={FILE_FORMATS.filter((fileFormat) => formatAllowed({ ...options, fileFormat })).map((f) => ({
              value: f,
              label: FORMAT_LABELS[f],
            }))}
          />
          {formatProblem({ ...options, fileFormat: "webp" }) && (
            <p className="-mt-3 text-xs text-muted-foreground">{formatProblem({ ...options, fileFormat: "webp" })}</p>
          )}
          <ContentCredentialsLine />
          <OptionGroup<"screen" | Dpi>
            legend="DPI"
            value={options.dpi ?? "screen"}
            onChange={(d) => update(chooseDpi(options, d === "screen" ? undefined : d))}
            columns={3}
            items={[
              { value: "screen", label: "Screen" },
              ...DPIS.map((d) => ({ value: d, label: d, hint: d === "300" ? "Print" : undefined })),
            ]}
          />
          <Button
            size="lg"
            onClick={() => (action ? action.run(options) : void single.download(headshot, options))}
            disabled={busy || Boolean(customProblem)}
          >
            <Download aria-hidden="true" /> {busy ? "Preparing..." : (action?.label ?? "Download")}
          </Button>
        </div>
      </div>
    </section>
  );
}
