/**
 * What a delivered picture's Content Credentials say about how it was made (decision 320): made by the model
 * recorded on its row (decision 343); a refine (a version of kind "edit", issue 36) or a download with quick
 * changes is an edit of an earlier picture.
 */
import type { DownloadOptions } from "../../domain/downloads";
import type { Provenance } from "./c2pa";

/** The columns of a headshot row the credentials read: its version kind and the model that made it. */
export interface ProvenanceSource {
  kind?: string | null;
  /** The model id the generation was served by; null on rows completed before it was recorded (decision 343). */
  model?: string | null;
}

export function downloadProvenance(row: ProvenanceSource, options: Pick<DownloadOptions, "adjust">): Provenance {
  if (options.adjust)
    return { ...modelOf(row), edit: { kind: "adjust", parentTitle: "The headshot before the quick changes", parentFormat: "image/png" } };
  return resultProvenance(row);
}

/** The stored result as the result view shows it: a refine is an edit of the version it started from. */
export function resultProvenance(row: ProvenanceSource): Provenance {
  if (row.kind === "edit")
    return { ...modelOf(row), edit: { kind: "refine", parentTitle: "The version this refine started from", parentFormat: "image/png" } };
  return modelOf(row);
}

/** The model as recorded; a row without one names none (no guess signed in its name: decision 343). */
const modelOf = (row: ProvenanceSource): Provenance => (row.model ? { model: row.model } : {});
