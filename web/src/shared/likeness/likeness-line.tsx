import { Loader2, ScanFace } from "lucide-react";
import { m } from "@/lib/copy";
import type { CompletedHeadshot } from "@/shared/api/get-headshots";
import { likenessMeaning } from "./likeness";
import { useLikeness } from "./use-likeness";

/** The result view's likeness: measured when first shown, then stored (issue 26). */
export function LikenessLine({ headshot }: { headshot: CompletedHeadshot }) {
  const state = useLikeness(headshot);
  if (state.status === "unavailable") return null;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={m.generator_likeness_label()}
      className="flex gap-2.5 rounded-lg border bg-card px-3 py-2.5 text-sm"
    >
      {state.status === "measuring" ? (
        <Loader2 className="mt-0.5 size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden="true" />
      ) : (
        <ScanFace className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      )}
      <div className="grid gap-0.5">
        {state.status === "measuring" && <p className="text-muted-foreground">{m.generator_likeness_measuring()}</p>}
        {state.status === "no-face" && <p>{m.generator_likeness_no_face()}</p>}
        {state.status === "measured" && (
          <p>
            <span className="font-semibold">{m.generator_likeness_percent({ percent: state.percent })}</span> ·{" "}
            {likenessMeaning(state.percent)}
          </p>
        )}
        <p className="text-xs text-muted-foreground">{m.generator_likeness_explained()}</p>
      </div>
    </div>
  );
}

/** The gallery's likeness: the stored figure only (nothing is measured there). */
export function LikenessNote({ likeness }: { likeness: number | null | undefined }) {
  if (likeness === null || likeness === undefined) return null;
  return (
    <p className="text-xs text-muted-foreground">
      <span className="font-medium text-foreground">{m.generator_likeness_percent({ percent: likeness })}</span> ·{" "}
      {likenessMeaning(likeness)}
    </p>
  );
}
