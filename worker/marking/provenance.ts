/**
 * What a delivered picture's Content Credentials say about how it was made (decision 320): made by the model;
 * a refine (a version of kind "edit", issue 36) or a download with quick changes is an edit of an earlier picture.
 */
import type { DownloadOptions } from "../../domain/downloads";
import type { Provenance } from "./c2pa";

export function downloadProvenance(row: { kind?: string | null }, options: Pick<DownloadOptions, "adjust">): Provenance {
  if (options.adjust) return { edit: { kind: "adjust", parentTitle: "The headshot before the quick changes", parentFormat: "image/png" } };
  return resultProvenance(row);
}

/** The stored result as the result view shows it: a refine is an edit of the version it started from. */
export function resultProvenance(row: { kind?: string | null }): Provenance {
  if (row.kind === "edit")
    return { edit: { kind: "refine", parentTitle: "The version this refine started from", parentFormat: "image/png" } };
  return {};
}
