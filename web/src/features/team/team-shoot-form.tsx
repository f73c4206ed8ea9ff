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
  OUTFIT_LABELS,
  TEMPLATE_BORDER_MAX,
  TEMPLATE_SIZE_MAX,
  TEMPLATE_SIZE_MIN,
  templateProblem,
  type ApiMyTeam,
  type Outfit,
  type TemplateShape,
} from "@/lib/domain";
import { useTeamGrid } from "./api/get-team-grid";
import { useBackdropPhoto, useRemoveBackdrop, useUploadBackdrop } from "./api/team-shoot";
import { useUpdateTeam } from "./api/update-team";

type OwnerTeam = Extract<ApiMyTeam, { role: "owner" }>;

export function TeamShootForm({ team }: { team: OwnerTeam }) {
  return (
    <Card id="team-shoot">
      <CardHeader>
        <CardTitle>Backdrop, outfit and profile pictures</CardTitle>
        <CardDescription>
          Members generating in the team look are photographed on the same backdrop, in the same dress code; downloads can come in one
          profile-picture template.
        </CardDescription>
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
      toast({ title: "Backdrop saved", description: "Members' next team-look headshots use this photo as the backdrop." });
    } catch {
      // shown below, beside the field
    }
  }
  async function onRemove() {
    try {
      await remove.mutateAsync();
      toast({ title: "Backdrop photo removed", description: "The brand colour is the backdrop again." });
    } catch (err) {
      toast({ variant: "destructive", title: "Couldn't remove the photo", description: errorText(err, "Please try again.") });
    }
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="grid gap-3">
      <h3 id={`${inputId}-title`} className="font-semibold">
        Backdrop
      </h3>
      <div className="flex flex-wrap items-start gap-4">
        <div className="grid size-32 place-items-center overflow-hidden rounded-md border bg-muted" aria-live="polite">
          {hasPhoto ? (
            photo.isLoading ? (
              <span className="text-xs text-muted-foreground">Loading...</span>
            ) : photo.data ? (
              <img src={photo.data} alt="The team's backdrop photo" className="size-full object-cover" />
            ) : (
              <span className="p-2 text-center text-xs text-destructive">Couldn't show the photo.</span>
            )
          ) : color ? (
            <span className="size-full" style={{ backgroundColor: color }} role="img" aria-label={`Brand colour ${color}`} />
          ) : (
            <span className="p-2 text-center text-xs text-muted-foreground">No colour chosen yet</span>
          )}
        </div>
        <div className="grid max-w-sm gap-2 text-sm">
          <p>
            {hasPhoto
              ? "Your photo is the backdrop: the model places each member in front of it."
              : color
                ? `The brand colour ${color} is the backdrop. Or upload a photo of your office or brand wall.`
                : "Choose the brand colour above, or upload a photo of your office or brand wall."}
          </p>
          <Label htmlFor={inputId}>{hasPhoto ? "Replace the backdrop photo" : "Upload a backdrop photo"}</Label>
          <Input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => void onFile(e)}
            disabled={upload.isPending}
            aria-describedby={`${inputId}-hint`}
          />
          <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
            JPEG, PNG or WebP, as phones take them; without people in it. Stored encrypted, deleted with the team.
          </p>
          {upload.isPending && <p role="status">Uploading the backdrop...</p>}
          {upload.isError && (
            <Alert variant="destructive">
              <AlertDescription>{errorText(upload.error, "The photo couldn't be uploaded. Please try again.")}</AlertDescription>
            </Alert>
          )}
          {hasPhoto && (
            <div>
              <Button type="button" variant="outline" onClick={() => void onRemove()} disabled={remove.isPending}>
                {remove.isPending ? "Removing..." : "Use the brand colour instead"}
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
      toast({ title: "Outfit rule saved", description: outfit ? OUTFIT_LABELS[outfit] : "Each style's own clothing" });
    } catch (err) {
      toast({ variant: "destructive", title: "Couldn't save the outfit rule", description: errorText(err, "Please try again.") });
    }
  }
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="team-outfit">Outfit</Label>
        <select
          id="team-outfit"
          value={outfit}
          onChange={(e) => setOutfit(e.target.value as Outfit | "")}
          className="h-10 max-w-full rounded-md border bg-background px-3 text-sm"
        >
          <option value="">The style's own clothing</option>
          {OUTFITS.map((o) => (
            <option key={o} value={o}>
              {OUTFIT_LABELS[o]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? "Saving..." : "Save outfit"}
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
  const problem =
    templateProblem(template) ?? (template.border > 0 && !color ? "Choose the brand colour first: the border is drawn in it." : null);
  // Problems are shown once the owner has changed a value or tried to save, not on a page they just opened (issue 46).
  const [touched, setTouched] = useState(false);
  const shown = touched ? problem : null;
  const sample = grid.data?.photos[0]?.imageUrl;

  async function save(next: typeof template | null) {
    try {
      await update.mutateAsync({ template: next });
      toast({ title: next ? "Template saved" : "Template removed" });
    } catch (err) {
      toast({ variant: "destructive", title: "Couldn't save the template", description: errorText(err, "Please try again.") });
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
        Profile-picture template
      </h3>
      <div className="flex flex-wrap items-start gap-6">
        <div className="grid gap-3">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Shape</legend>
            <RadioGroup value={shape} onValueChange={(v) => setShape(v as TemplateShape)} className="flex gap-4">
              {(["round", "square"] as const).map((s) => (
                <div key={s} className="flex items-center gap-2">
                  <RadioGroupItem value={s} id={`template-${s}`} />
                  <Label htmlFor={`template-${s}`}>{s === "round" ? "Round (transparent corners)" : "Square"}</Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="template-size">Size (px)</Label>
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
              <Label htmlFor="template-border">Border (px)</Label>
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
              `A ${template.size}×${template.size} PNG${
                template.border > 0 ? (color ? `, border in ${color}` : ", its border in the brand colour once you choose one") : ""
              }.`}
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
            Preview{sample ? "" : " (a member's photo shows here once chosen)"}
          </figcaption>
        </figure>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={shown !== null || update.isPending}>
          {update.isPending ? "Saving..." : "Save template"}
        </Button>
        {saved && (
          <Button type="button" variant="outline" onClick={() => void save(null)} disabled={update.isPending}>
            Remove template
          </Button>
        )}
      </div>
    </form>
  );
}
