/**
 * Each member's team photo: one of their own finished headshots, chosen by them (checked in SQL: the
 * member's own, completed, still served). The owner's grid shows the chosen results only — never an
 * original, never an unchosen picture — and a member who leaves or is removed is gone from it at once
 * (their membership row, which holds the choice, is deleted). The owner's ZIP is made of the same rows.
 */
import { and, asc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { headshots, teamMembers, users } from "../../db/schema";
import { fileStem } from "../../domain/downloads";
import type { StyleId } from "../../domain/styles";
import type { ApiTeamGridEntry } from "../../domain/team-api";
import { TEAM_MESSAGES } from "../../domain/teams";
import type { Config } from "../config";
import type { ZipSource } from "../downloads";
import { signImageUrl } from "../images";
import { notFound, said } from "../lib";
import { m } from "../../copy";

const served = and(
  eq(headshots.status, "completed"),
  isNotNull(headshots.resultKey),
  isNull(headshots.imagesDeletedAt),
  ne(headshots.moderationStatus, "removed"),
);

/** Sets (or, with null, clears) the caller's team photo. */
export async function choosePhoto(db: Db, userId: string, headshotId: string | null): Promise<void> {
  if (headshotId === null) {
    const rows = await db
      .update(teamMembers)
      .set({ chosenHeadshotId: null })
      .where(eq(teamMembers.userId, userId))
      .returning({ userId: teamMembers.userId });
    if (rows.length === 0) throw notFound(TEAM_MESSAGES.notInTeam, "not_in_team");
    return;
  }
  const rows = await db
    .update(teamMembers)
    .set({ chosenHeadshotId: sql`${headshots.id}` })
    .from(headshots)
    .where(and(eq(teamMembers.userId, userId), eq(headshots.id, headshotId), eq(headshots.userId, userId), served))
    .returning({ userId: teamMembers.userId });
  if (rows.length === 0) {
    const [member] = await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.userId, userId));
    throw member
      ? notFound(said(m.errors_team_choose_own_headshot), "headshot_not_found")
      : notFound(TEAM_MESSAGES.notInTeam, "not_in_team");
  }
}

/** The chosen photos of the team's members, in the order they joined (the owner first), with the member's name. */
async function chosenPhotos(db: Db, teamId: string) {
  const rows = await db
    .select({
      userId: teamMembers.userId,
      headshotId: headshots.id,
      style: headshots.style,
      kind: headshots.kind,
      model: headshots.model,
      resultKey: headshots.resultKey,
      completedAt: headshots.completedAt,
      updatedAt: headshots.updatedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(teamMembers)
    .innerJoin(headshots, and(eq(headshots.id, teamMembers.chosenHeadshotId), eq(headshots.userId, teamMembers.userId), served))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(sql`${teamMembers.role} = 'owner' desc`, asc(teamMembers.joinedAt));
  return rows.map((r) => ({
    ...r,
    resultKey: r.resultKey!,
    name: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email.split("@")[0]!,
  }));
}

/** The owner's grid: each member's chosen photo as a signed result URL. */
export async function teamGrid(db: Db, config: Pick<Config, "URL_SIGNING_SECRET">, teamId: string): Promise<ApiTeamGridEntry[]> {
  const rows = await chosenPhotos(db, teamId);
  return Promise.all(
    rows.map(async (r) => ({
      userId: r.userId,
      name: r.name,
      headshotId: r.headshotId,
      style: r.style as StyleId, // written only from STYLE_IDS
      imageUrl: await signImageUrl(config, r.headshotId, "result"),
    })),
  );
}

/** The same photos as the ZIP's sources, each file named after its member ("ann-lee-…", made unique by the ZIP). */
export async function teamZipSources(db: Db, teamId: string): Promise<ZipSource[]> {
  const rows = await chosenPhotos(db, teamId);
  return rows.map((r) => ({
    id: r.headshotId,
    userId: r.userId,
    style: r.style,
    kind: r.kind, // a refine chosen as the team photo is signed as the edit it is (decision 320)
    model: r.model,
    resultKey: r.resultKey,
    completedAt: r.completedAt,
    updatedAt: r.updatedAt,
    stem: fileStem(r.name, "member"),
  }));
}
