/** The team's brand look: one of the styles and a background colour; members' team generations use both. */
import { useState, type FormEvent } from "react";
import { errorText } from "@/api/client";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { BRAND_COLOR_PATTERN, STYLES, type ApiMyTeam, type StyleId } from "@/lib/domain";
import { m } from "@/lib/copy";
import { useUpdateTeam } from "./api/update-team";
import { teamLookLabel } from "./team-words";

export function BrandLookForm({ team }: { team: Extract<ApiMyTeam, { role: "owner" }> }) {
  const [style, setStyle] = useState<StyleId>((team.team.look?.style as StyleId | undefined) ?? "Office");
  // A new team has no colour yet: the field starts empty (the sections below say "no colour chosen yet", and
  // that is true), and says it is invalid only once the owner has typed in it or tried to save (issue 46).
  const [color, setColor] = useState(team.team.look?.brandColor ?? "");
  const [touched, setTouched] = useState(false);
  const update = useUpdateTeam();
  const valid = BRAND_COLOR_PATTERN.test(color);
  const showInvalid = touched && !valid;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!valid) return;
    try {
      await update.mutateAsync({ style, brandColor: color });
      toast({ title: m.team_look_saved(), description: teamLookLabel({ style, brandColor: color.toUpperCase() }) });
    } catch (err) {
      toast({ variant: "destructive", title: m.team_look_save_failed(), description: errorText(err, m.common_please_try_again()) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.team_look_title()}</CardTitle>
        <CardDescription>{m.team_look_description()}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void onSubmit(e)} className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="team-style">{m.team_look_style()}</Label>
            <select
              id="team-style"
              value={style}
              onChange={(e) => setStyle(e.target.value as StyleId)}
              className="h-10 rounded-md border bg-background px-3 text-sm"
            >
              {STYLES.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="team-color">{m.team_look_color_label()}</Label>
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={m.team_look_color_picker()}
                value={valid ? color : "#1E3A5F"}
                onChange={(e) => setColor(e.target.value.toUpperCase())}
                className="h-10 w-12 rounded border"
              />
              <Input
                id="team-color"
                value={color}
                placeholder="#1E3A5F"
                onChange={(e) => setColor(e.target.value)}
                onBlur={() => setTouched(color !== "")}
                className="w-28 font-mono"
                aria-invalid={showInvalid}
                aria-describedby={showInvalid ? "team-color-problem" : undefined}
              />
            </div>
            {showInvalid && (
              <p id="team-color-problem" className="text-sm text-destructive">
                {color === "" ? m.team_look_color_empty() : m.team_look_color_invalid()}
              </p>
            )}
          </div>
          <Button type="submit" disabled={update.isPending}>
            {m.team_look_save()}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
