/** /api/team — The team's plan (worker/billing does the work): checkout, seats and their preview, cancel and resume, the money-back guarantee. One team's billing changes run one at a time (decision 177). */
import { z } from "zod";
import { requireUser, appOrigin, validate, viewerLocale } from "../../lib";
import {
  changeTeamSeats,
  createTeamCheckout,
  setTeamCancel,
  teamSeatsPreview,
  refundEligibility,
  refundFirstSubscription,
} from "../../billing";
import type { AppEnv } from "../../env";
import { reserveSeatCut, seatsInUse } from "../seats";
import { ownerTeam } from "../team";
import { Hono } from "hono";
import { seatsField, oneBillingChange } from "./common";

export const billingRoutes = new Hono<AppEnv>()
  .post("/checkout", requireUser, validate("json", z.object({ seats: seatsField })), async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    return c.json(
      await oneBillingChange(c, team.id, async () =>
        createTeamCheckout(
          c.var.db,
          c.var.config,
          appOrigin(c),
          team,
          c.req.valid("json").seats,
          await seatsInUse(c.var.db, team.id),
          await viewerLocale(c.var.db, c.req.raw.headers, c.var.user.id),
        ),
      ),
    );
  })

  .post("/seats", requireUser, validate("json", z.object({ seats: seatsField })), async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    return c.json(
      await oneBillingChange(c, team.id, async () =>
        changeTeamSeats(
          c.var.db,
          c.var.config,
          team,
          c.req.valid("json").seats,
          (seats, at) => reserveSeatCut(c.var.db, team.id, seats, at),
          await viewerLocale(c.var.db, c.req.raw.headers, c.var.user.id),
        ),
      ),
    );
  })

  .get("/seats-preview", requireUser, validate("query", z.object({ seats: seatsField })), async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    c.header("Cache-Control", "no-store");
    return c.json(await teamSeatsPreview(c.var.db, c.var.config, team.id, c.req.valid("query").seats));
  })

  .post("/cancel", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    const locale = await viewerLocale(c.var.db, c.req.raw.headers, c.var.user.id);
    return c.json(await oneBillingChange(c, team.id, () => setTeamCancel(c.var.db, c.var.config, team, true, locale)));
  })

  .post("/resume", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    const locale = await viewerLocale(c.var.db, c.req.raw.headers, c.var.user.id);
    return c.json(await oneBillingChange(c, team.id, () => setTeamCancel(c.var.db, c.var.config, team, false, locale)));
  })

  .get("/refund-eligibility", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    c.header("Cache-Control", "no-store");
    const locale = await viewerLocale(c.var.db, c.req.raw.headers, c.var.user.id);
    return c.json(await refundEligibility(c.var.db, c.var.config, { userId: c.var.user.id, teamId: team.id }, locale));
  })

  .post("/refund", requireUser, async (c) => {
    const team = await ownerTeam(c.var.db, c.var.user.id);
    return c.json(
      await oneBillingChange(c, team.id, async () =>
        refundFirstSubscription(
          c.var.db,
          c.var.config,
          { userId: c.var.user.id, teamId: team.id },
          await viewerLocale(c.var.db, c.req.raw.headers, c.var.user.id),
        ),
      ),
    );
  });
