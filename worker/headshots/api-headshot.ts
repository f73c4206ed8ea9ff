/** A headshot row as the API shows it (domain/api.ts ApiHeadshot): the gallery, one headshot, a shoot, a version. */
import type { Headshot } from "../../db/schema";
import type { Config } from "../config";
import { signImageUrl } from "../images";
import { MESSAGES } from "../../domain/limits";
import type { ApiHeadshot } from "../../domain/api";
import { unavailableMessage } from "../../domain/headshot-lifecycle";

export async function toApiHeadshot(config: Pick<Config, "URL_SIGNING_SECRET">, row: Headshot): Promise<ApiHeadshot> {
  const unavailable = unavailableMessage(row);
  return {
    id: row.id,
    style: row.style as ApiHeadshot["style"],
    gender: (row.gender as ApiHeadshot["gender"]) ?? null,
    status: row.status,
    moderationStatus: row.moderationStatus,
    originalImageUrl: unavailable ? null : await signImageUrl(config, row.id, "original"),
    generatedImageUrl: !unavailable && row.status === "completed" && row.resultKey ? await signImageUrl(config, row.id, "result") : null,
    error: row.status === "failed" ? (row.error ?? MESSAGES.generationFailed) : null,
    likeness: row.likeness,
    refunded: row.creditRefunded,
    unavailable,
    shootId: row.shootId,
    createdAt: row.createdAt.toISOString(),
    kind: row.kind,
    version: row.version,
    versionOf: row.versionOf,
    instruction: row.instruction,
    freeRedo: row.freeRedo,
    backgroundColor: row.backgroundColor,
  };
}
