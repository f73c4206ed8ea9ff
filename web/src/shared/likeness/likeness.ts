/**
 * Likeness (issue 26; docs/decisions/117-likeness.md): how much the face in a result resembles the face
 * in the uploaded photo, from face-api's descriptors. Their Euclidean distance is 0 for the same picture
 * and about 0.6 where face-api stops calling two faces the same person; the percentage maps 0 → 100%,
 * 0.6 → 50% and 1.2 or more → 0%, so 50% is the model's own line.
 */
import { m } from "@/lib/copy";

export const SAME_PERSON_DISTANCE = 0.6;

export function likenessPercent(distance: number): number {
  const share = 1 - distance / (2 * SAME_PERSON_DISTANCE);
  return Math.round(100 * Math.min(1, Math.max(0, share)));
}

/** The one-line meaning shown beside the percentage. */
export function likenessMeaning(percent: number): string {
  if (percent >= 65) return m.generator_likeness_strong();
  if (percent >= 50) return m.generator_likeness_good();
  return m.generator_likeness_weak();
}
