/**
 * The roots of the admin query keys. Each operation file owns its full key under one of these, so the
 * header's Refresh reloads everything under `adminKey`, and a backfill everything under `financialsKey`.
 */
export const adminKey = ["/api/admin"] as const;
export const financialsKey = [...adminKey, "financials"] as const;
export const moderationKey = [...adminKey, "moderation"] as const;
