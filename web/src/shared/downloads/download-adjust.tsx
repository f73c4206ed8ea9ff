/**
 * The export studio's quick changes (issue 36; decision 203), made in the download pipeline, free: zoom, tilt, the
 * framing's position, and for a plain backdrop (the White and Black Background styles, a team-colour picture) a new
 * backdrop colour, the team's brand colour one tap away. The preview shows the framing; the colour is made in the file.
 */
import { useId } from "react";
import { m } from "@/lib/copy";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import { PAN_MAX, TILT_MAX, ZOOM_MAX, ZOOM_MIN, backgroundAllowed, type Adjustments } from "@/lib/domain";
import { useMyTeam } from "@/shared/api/get-my-team";

export const NO_ADJUSTMENT: Adjustments = { zoom: ZOOM_MIN, tilt: 0, panX: 0, panY: 0 };

/** The preview's CSS transform for the adjustments: what the pipeline does to the pixels, in the same order. */
export function adjustTransform(a: Adjustments | undefined): string | undefined {
  if (!a) return undefined;
  const z = a.zoom / 100;
  const rad = (a.tilt * Math.PI) / 180;
  const cover = Math.abs(Math.cos(rad)) + Math.abs(Math.sin(rad));
  const shift = (pan: number) => (-pan / 100) * (1 - 1 / z) * 50;
  return `scale(${z}) translate(${shift(a.panX)}%, ${shift(a.panY)}%) scale(${cover}) rotate(${a.tilt}deg)`;
}

function Range({
  label,
  value,
  min,
  max,
  unit,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  unit: string;
  onChange: (v: number) => void;
}) {
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="tabular-nums text-muted-foreground">
          {value}
          {unit}
        </span>
      </div>
      <Slider
        value={[value]}
        min={min}
        max={max}
        step={1}
        onValueChange={(v) => onChange(v[0] ?? value)}
        thumbLabel={label}
        aria-label={label}
      />
    </div>
  );
}

export function DownloadAdjust({
  headshot,
  value,
  onChange,
}: {
  headshot: { style: string; backgroundColor?: string | null };
  value: Adjustments;
  onChange: (a: Adjustments) => void;
}) {
  const { data: team } = useMyTeam();
  const colourId = useId();
  const set = (patch: Partial<Adjustments>) => onChange({ ...value, ...patch });
  const recolour = backgroundAllowed(headshot.style, headshot.backgroundColor);
  const brand = team?.team.look?.brandColor ?? null;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">{m.generator_adjust_legend()}</legend>
      <Range
        label={m.generator_adjust_zoom()}
        value={value.zoom}
        min={ZOOM_MIN}
        max={ZOOM_MAX}
        unit="%"
        onChange={(zoom) => set({ zoom })}
      />
      <Range
        label={m.generator_adjust_tilt()}
        value={value.tilt}
        min={-TILT_MAX}
        max={TILT_MAX}
        unit="°"
        onChange={(tilt) => set({ tilt })}
      />
      {value.zoom > ZOOM_MIN && (
        <>
          <Range
            label={m.generator_adjust_left_right()}
            value={value.panX}
            min={-PAN_MAX}
            max={PAN_MAX}
            unit=""
            onChange={(panX) => set({ panX })}
          />
          <Range
            label={m.generator_adjust_up_down()}
            value={value.panY}
            min={-PAN_MAX}
            max={PAN_MAX}
            unit=""
            onChange={(panY) => set({ panY })}
          />
        </>
      )}
      {recolour && (
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={colourId}>{m.generator_adjust_backdrop()}</Label>
          <input
            id={colourId}
            type="color"
            value={value.background ?? "#FFFFFF"}
            onChange={(e) => set({ background: e.target.value.toUpperCase() })}
            className="h-8 w-12 cursor-pointer rounded border bg-background"
          />
          {brand && (
            <Button type="button" size="sm" variant="outline" onClick={() => set({ background: brand })}>
              <span className="size-3 rounded-full border" style={{ background: brand }} aria-hidden="true" />{" "}
              {m.generator_adjust_team_colour()}
            </Button>
          )}
          {value.background && (
            <Button type="button" size="sm" variant="ghost" onClick={() => set({ background: undefined })}>
              {m.generator_adjust_as_made()}
            </Button>
          )}
          <p className="w-full text-xs text-muted-foreground">
            {value.background ? m.generator_adjust_backdrop_in({ color: value.background }) : m.generator_adjust_backdrop_keep()}
          </p>
        </div>
      )}
      {(value.zoom !== ZOOM_MIN || value.tilt !== 0 || value.background) && (
        <Button type="button" size="sm" variant="ghost" className="justify-self-start" onClick={() => onChange(NO_ADJUSTMENT)}>
          {m.generator_adjust_reset()}
        </Button>
      )}
    </fieldset>
  );
}
