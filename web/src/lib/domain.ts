/**
 * The shared domain constants and API types (../../../domain), re-exported so web code can import them
 * as "@/lib/domain" without deep relative paths. Never redefine these here.
 */
export * from "../../../domain/styles";
export * from "../../../domain/limits";
export * from "../../../domain/plans";
export * from "../../../domain/subscription-status";
export * from "../../../domain/downloads";
export * from "../../../domain/photo-kind";
export type * from "../../../domain/api";
export * from "../../../domain/errors";
export * from "../../../domain/headshot-lifecycle";
export * from "../../../domain/admin-api";
export * from "../../../domain/ratings";
export * from "../../../domain/shoots";
export * from "../../../domain/teams";
export * from "../../../domain/team-capture";
export * from "../../../domain/words";
export type * from "../../../domain/team-api";
export * from "../../../domain/refine";
