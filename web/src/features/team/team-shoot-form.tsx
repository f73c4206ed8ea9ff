/**
 * The owner's team shoot (issue 37): the company's backdrop (the brand colour, or a photo of the office or
 * brand wall), the outfit rule, and the profile-picture template with a live preview. The server checks
 * every value again; this form shows its answers.
 */
import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { errorText } from "@/api/client";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { toast } from "@/components/ui/use-toast";
import {
  OUTFITS,
  TEMPLATE_BORDER_MAX,
  TEMPLATE_SIZE_MAX,
  TEMPLATE_SIZE_MIN,
  type ApiMyTeam,
  type Outfit,
  type TemplateShape,
} from "@/lib/domain";
import { useTeamGrid } from "./api/get-team-grid";
import { useBackdropPhoto, useRemoveBackdrop, useUploadBackdrop } from "./api/team-shoot";
import { useUpdateTeam } from "./api/update-team";
import { m } from "@/lib/copy";
import { outfitLabel, templateProblem } from "./team-words";

type OwnerTeam = Extract<ApiMyTeam, { role: "owner" }>;

export function TeamShootForm({ team }: { team: OwnerTeam }) {
  return (
    <Card id="team-shoot">
      <CardHeader>
        <CardTitle>{m.team_shoot_title()}</CardTitle>
        <CardDescription>{m.team_shoot_description()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <BackdropSection team={team} />
        <OutfitSection team={team} />
        <TemplateSection team={team} />
      </CardContent>
    </Card>
  );
}

function BackdropSection({ team }: { team: OwnerTeam }) {
  const hasPhoto = team.team.shoot.backdrop === "photo";
  const photo = useBackdropPhoto(hasPhoto);
  const upload = useUploadBackdrop();
  const remove = useRemoveBackdrop();
  const inputId = useId();
  const color = team.team.look?.brandColor ?? null;

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      toast({ title: m.team_backdrop_saved(), description: m.team_backdrop_saved_body() });
    } catch {
      // shown below, beside the field
    }
  }
  async function onRemove() {
    try {
      await remove.mutateAsync();
      toast({ title: m.team_backdrop_removed(), description: m.team_backdrop_removed_body() });
    } catch (err) {
      toast({
        variant: "destructive",
        title: m.team_backdrop_remove_failed(),
        description: errorText(err, m.common_please_try_again()),
      });
    }
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="grid gap-3">
      <h3 id={`${inputId}-title`} className="font-semibold">
        {m.team_backdrop_title()}
      </h3>
      <div className="flex flex-wrap items-start gap-4">
        <div className="grid size-32 place-items-center overflow-hidden rounded-md border bg-muted" aria-live="polite">
          {hasPhoto ? (
            photo.isLoading ? (
              <span className="text-xs text-muted-foreground">{m.team_loading_dots()}</span>
            ) : photo.data ? (
              <img src={photo.data} alt={m.team_backdrop_photo_alt()} className="size-full object-cover" />
            ) : (
              <span className="p-2 text-center text-xs text-destructive">{m.team_backdrop_photo_error()}</span>
            )
          ) : color ? (
            <span className="size-full" style={{ backgroundColor: color }} role="img" aria-label={m.team_brand_colour({ color })} />
          ) : (
            <span className="p-2 text-center text-xs text-muted-foreground">{m.team_no_colour()}</span>
          )}
        </div>
        <div className="grid max-w-sm gap-2 text-sm">
          <p>{hasPhoto ? m.team_backdrop_is_photo() : color ? m.team_backdrop_is_colour({ color }) : m.team_backdrop_choose()}</p>
          <Label htmlFor={inputId}>{hasPhoto ? m.team_backdrop_replace() : m.team_backdrop_upload()}</Label>
          <Input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => void onFile(e)}
            disabled={upload.isPending}
            aria-describedby={`${inputId}-hint`}
          />
          <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
            {m.team_backdrop_hint()}
          </p>
          {upload.isPending && <p role="status">{m.team_backdrop_uploading()}</p>}
          {upload.isError && (
            <Alert variant="destructive">
              <AlertDescription>{errorText(upload.error, m.team_backdrop_upload_failed())}</AlertDescription>
            </Alert>
          )}
          {hasPhoto && (
            <div>
              <Button type="button" variant="outline" onClick={() => void onRemove()} disabled={remove.isPending}>
                {remove.isPending ? m.team_removing() : m.team_backdrop_use_colour()}
              </Button>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

function OutfitSection({ team }: { team: OwnerTeam }) {
  const [outfit, setOutfit] = useState<Outfit | "">(team.team.shoot.outfit ?? "");
  const update = useUpdateTeam();
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    try {
      await update.mutateAsync({ outfit: outfit === "" ? null : outfit });
      toast({ title: m.team_outfit_saved(), description: outfit ? outfitLabel(outfit) : m.team_outfit_each_style() });
    } catch (err) {
      toast({ variant: "destructive", title: m.team_outfit_save_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="team-outfit">{m.team_outfit_label()}</Label>
        <select
          id="team-outfit"
          value={outfit}
          onChange={(e) => setOutfit(e.target.value as Outfit | "")}
          className="h-10 max-w-full rounded-md border bg-background px-3 text-sm"
        >
          <option value="">{m.team_outfit_style_default()}</option>
          {OUTFITS.map((o) => (
            <option key={o} value={o}>
              {outfitLabel(o)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? m.team_saving() : m.team_outfit_save()}
      </Button>
    </form>
  );
}

function TemplateSection({ team }: { team: OwnerTeam }) {
  const saved = team.team.shoot.template;
  const [shape, setShape] = useState<TemplateShape>(saved?.shape ?? "round");
  const [size, setSize] = useState(String(saved?.size ?? 512));
  const [border, setBorder] = useState(String(saved?.border ?? 8));
  const update = useUpdateTeam();
  const grid = useTeamGrid(true);
  const color = team.team.look?.brandColor ?? null;
  const template = { shape, size: Number(size), border: Number(border) };
  const problem = templateProblem(template) ?? (template.border > 0 && !color ? m.team_template_needs_colour() : null);
  // Problems are shown once the owner has changed a value or tried to save, not on a page they just opened (issue 46).
  const [touched, setTouched] = useState(false);
  const shown = touched ? problem : null;
  const sample = grid.data?.photos[0]?.imageUrl;

  async function save(next: typeof template | null) {
    try {
      await update.mutateAsync({ template: next });
      toast({ title: next ? m.team_template_saved() : m.team_template_removed() });
    } catch (err) {
      toast({ variant: "destructive", title: m.team_template_save_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }

  // The preview: 160 px on screen, the border scaled as it will be in the file.
  const previewBorder = Number.isFinite(template.size) && template.size > 0 ? (template.border / template.size) * 160 : 0;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!problem) void save(template);
      }}
      className="grid gap-3"
      aria-labelledby="template-title"
    >
      <h3 id="template-title" className="font-semibold">
        {m.team_template_title()}
      </h3>
      <div className="flex flex-wrap items-start gap-6">
        <div className="grid gap-3">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{m.team_template_shape()}</legend>
            <RadioGroup value={shape} onValueChange={(v) => setShape(v as TemplateShape)} className="flex gap-4">
              {(["round", "square"] as const).map((s) => (
                <div key={s} className="flex items-center gap-2">
                  <RadioGroupItem value={s} id={`template-${s}`} />
                  <Label htmlFor={`template-${s}`}>{s === "round" ? m.team_template_round() : m.team_template_square()}</Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="template-size">{m.team_template_size_label()}</Label>
              <Input
                id="template-size"
                type="number"
                inputMode="numeric"
                min={TEMPLATE_SIZE_MIN}
                max={TEMPLATE_SIZE_MAX}
                value={size}
                onChange={(e) => {
                  setSize(e.target.value);
                  setTouched(true);
                }}
                className="w-28"
                aria-invalid={shown !== null}
                aria-describedby="template-problem"
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="template-border">{m.team_template_border_label()}</Label>
              <Input
                id="template-border"
                type="number"
                inputMode="numeric"
                min={0}
                max={TEMPLATE_BORDER_MAX}
                value={border}
                onChange={(e) => {
                  setBorder(e.target.value);
                  setTouched(true);
                }}
                className="w-28"
                aria-invalid={shown !== null}
                aria-describedby="template-problem"
              />
            </div>
          </div>
          <p id="template-problem" className={shown ? "text-sm text-destructive" : "text-sm text-muted-foreground"} aria-live="polite">
            {shown ??
              (template.border > 0
                ? color
                  ? m.team_template_summary_border({ size: template.size, color })
                  : m.team_template_summary_border_later({ size: template.size })
                : m.team_template_summary({ size: template.size }))}
          </p>
        </div>
        <figure className="grid gap-1">
          <div
            className="size-40 bg-[length:16px_16px] bg-[linear-gradient(45deg,#ddd_25%,transparent_25%,transparent_75%,#ddd_75%),linear-gradient(45deg,#ddd_25%,transparent_25%,transparent_75%,#ddd_75%)] bg-[position:0_0,8px_8px]"
            data-testid="template-preview"
          >
            <div className={`relative size-full overflow-hidden bg-muted ${shape === "round" ? "rounded-full" : ""}`}>
              {sample && <img src={sample} alt="" className="size-full object-cover" />}
              {color && previewBorder > 0 && (
                <span
                  aria-hidden="true"
                  className={`absolute inset-0 ${shape === "round" ? "rounded-full" : ""}`}
                  style={{ border: `${previewBorder}px solid ${color}` }}
                />
              )}
            </div>
          </div>
          <figcaption className="text-xs text-muted-foreground">
            {sample ? m.team_template_preview() : m.team_template_preview_empty()}
          </figcaption>
        </figure>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={shown !== null || update.isPending}>
          {update.isPending ? m.team_saving() : m.team_template_save()}
        </Button>
        {saved && (
          <Button type="button" variant="outline" onClick={() => void save(null)} disabled={update.isPending}>
            {m.team_template_remove()}
          </Button>
        )}
      </div>
    </form>
  );
}
