import { useEffect, useState } from "react";
import { CircleCheck, Loader2, TriangleAlert } from "lucide-react";
import { m } from "@/lib/copy";
import { loadFaceModel } from "@/shared/face/load";
import { measureLikeness } from "@/shared/likeness/measure";
import { measurePhoto } from "./measure";
import { samePersonVerdicts, verdictsFor, type Verdict } from "./verdicts";

type Check = { file: File; verdicts: Verdict[] } | { file: File; unavailable: true };

/**
 * The upload step's photo check (issue 26; docs/decisions/116-photo-check.md), rendered under the preview:
 * the face model looks at the chosen photo in the browser, before anything is uploaded or charged, and
 * says what would spoil the headshot, each with one sentence of advice. It never blocks Generate. With no
 * photo chosen yet it loads the model, so the verdict comes sooner; if the model cannot load, it says nothing.
 * A shoot's further photo (`sameAs`: the first photo) is checked the same way, and compared with the
 * first by the likeness model: another person's face is flagged (issue 35).
 */
export function PhotoCheck({ file, sameAs, label = m.generator_check_label() }: { file: File | null; sameAs?: File; label?: string }) {
  const [check, setCheck] = useState<Check | null>(null);

  useEffect(() => {
    if (!file) {
      loadFaceModel()
        .then((m) => m.prepareDetector())
        .catch(() => undefined);
      return;
    }
    let live = true;
    Promise.all([measurePhoto(file), sameAs ? measureLikeness(sameAs, file) : null]).then(
      ([m, likeness]) => live && setCheck({ file, verdicts: [...samePersonVerdicts(likeness), ...verdictsFor(m)] }),
      () => live && setCheck({ file, unavailable: true }),
    );
    return () => {
      live = false;
    };
  }, [file, sameAs]);

  if (!file) return null;
  const current = check?.file === file ? check : null;
  if (current && "unavailable" in current) return null;
  return (
    <div role="status" aria-live="polite" aria-label={label} className="text-sm">
      {!current ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> {m.generator_check_checking()}
        </p>
      ) : current.verdicts.length === 0 ? (
        <p className="flex items-center gap-2 font-medium text-emerald-700">
          <CircleCheck className="size-4" aria-hidden="true" /> {m.generator_check_good()}
        </p>
      ) : (
        <div className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          <ul className="grid gap-1.5">
            {current.verdicts.map((v) => (
              <li key={v.kind} className="flex gap-2">
                <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
                <span>
                  <strong className="font-semibold">{v.title}.</strong> {v.advice}
                </span>
              </li>
            ))}
          </ul>
          <p className="pl-6 text-xs text-amber-900">{m.generator_check_still_generate()}</p>
        </div>
      )}
    </div>
  );
}
