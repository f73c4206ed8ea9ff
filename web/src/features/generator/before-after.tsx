import { useState } from "react";
import { Slider } from "@/components/ui/slider";
import { m } from "@/lib/copy";

/**
 * Before/after comparison (SPEC §2): the generated image revealed over the original, slider at 50%. Any two
 * pictures compare the same way (issue 36: two versions of a headshot), with their own labels. The frame takes
 * the headshot's own shape once it has loaded (square until then, as every generation is asked to be): the
 * headshot is never cropped, the original is cropped to it (issue 35).
 */
export function BeforeAfter({
  before,
  after,
  alt,
  labels = { before: m.generator_before(), after: m.generator_after(), beforeAlt: m.generator_original_photo_alt() },
}: {
  before: string;
  after: string;
  alt: string;
  labels?: { before: string; after: string; beforeAlt: string };
}) {
  const [pos, setPos] = useState(50);
  const [ratio, setRatio] = useState(1);
  return (
    <figure className="grid gap-3">
      <div
        className="relative w-full overflow-hidden rounded-xl border bg-muted shadow-sm"
        style={{ aspectRatio: ratio }}
        data-testid="before-after-frame"
        data-aspect={ratio}
      >
        <img
          src={after}
          alt={alt}
          className="absolute inset-0 size-full object-cover"
          onLoad={(e) => {
            const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
            if (w > 0 && h > 0) setRatio(w / h);
          }}
        />
        <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - pos}% 0 0)` }}>
          <img src={before} alt={labels.beforeAlt} className="absolute inset-0 size-full object-cover" />
        </div>
        <div
          className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.15)]"
          style={{ left: `${pos}%` }}
          aria-hidden="true"
        />
        <span
          className="absolute left-3 top-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white"
          data-testid="compare-before"
        >
          {labels.before}
        </span>
        <span
          className="absolute right-3 top-3 rounded-full bg-primary px-2.5 py-1 text-xs font-medium text-primary-foreground"
          data-testid="compare-after"
        >
          {labels.after}
        </span>
      </div>
      <Slider
        value={[pos]}
        min={0}
        max={100}
        step={1}
        onValueChange={(v) => setPos(v[0] ?? 50)}
        thumbLabel={m.generator_compare_before_after()}
        aria-label={m.generator_compare_before_after()}
      />
    </figure>
  );
}
