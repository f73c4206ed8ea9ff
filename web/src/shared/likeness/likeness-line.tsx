import { Loader2, ScanFace } from "lucide-react";
import type { CompletedHeadshot } from "@/shared/api/get-headshots";
import { likenessMeaning } from "./likeness";
import { useLikeness } from "./use-likeness";

/** The result view's likeness: measured when first shown, then stored (issue 26). */
export function LikenessLine({ headshot }: { headshot: CompletedHeadshot }) {
  const state = useLikeness(headshot);
  if (state.status === "unavailable") return null;
  return (
    <div role="status" aria-live="polite" aria-label="Likeness" className="flex gap-2.5 rounded-lg border bg-card px-3 py-2.5 text-sm">
      {state.status === "measuring" ? (
        <Loader2 className="mt-0.5 size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden="true" />
      ) : (
        <ScanFace className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      )}
      <div className="grid gap-0.5">
        {state.status === "measuring" && <p className="text-muted-foreground">Measuring the likeness to your photo…</p>}
        {state.status === "no-face" && <p>Likeness: no face found to compare.</p>}
        {state.status === "measured" && (
          <p>
            <span className="font-semibold">Likeness {state.percent}%</span> · {likenessMeaning(state.percent)}
          </p>
        )}
        <p className="text-xs text-muted-foreground">
          How closely the face in this headshot matches your photo, measured by a face model in your browser.
        </p>
      </div>
    </div>
  );
}

/** The gallery's likeness: the stored figure only (nothing is measured there). */
export function LikenessNote({ likeness }: { likeness: number | null | undefined }) {
  if (likeness === null || likeness === undefined) return null;
  return (
    <p className="text-xs text-muted-foreground">
      <span className="font-medium text-foreground">Likeness {likeness}%</span> · {likenessMeaning(likeness)}
    </p>
  );
}
