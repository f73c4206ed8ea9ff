/** /api/team/reminders — Reminders (decision 222): the owner's settings, and the one click that reminds everyone due. */
import { z } from "zod";
import { REMIND_AFTER_DAYS_MAX, REMIND_AFTER_DAYS_MIN } from "../../../domain/team-capture";
import { requireUser, appOrigin, validate, wholeNumber } from "../../lib";
import type { AppEnv } from "../../env";
import { createMailer } from "../../mail";
import { sendReminders, setReminders } from "../status";
import { ownerTeam } from "../team";
import { Hono } from "hono";
import { withinTeamHourly } from "./common";

export const reminderRoutes = new Hono<AppEnv>()
  /** The owner's reminder settings: N days after joining, and whether the cron reminds weekly. */
  .patch(
    "/",
    requireUser,
    validate(
      "json",
      z.object({
        remindAfterDays: wholeNumber()
          .pipe(
            z
              .number()
              .min(REMIND_AFTER_DAYS_MIN, `must be at least ${REMIND_AFTER_DAYS_MIN}`)
              .max(REMIND_AFTER_DAYS_MAX, `must be at most ${REMIND_AFTER_DAYS_MAX}`),
          )
          .optional(),
        autoRemind: z.boolean("must be true or false").optional(),
      }),
    ),
    async (c) => {
      const team = await ownerTeam(c.var.db, c.var.user.id);
      return c.json(await setReminders(c.var.db, team.id, c.req.valid("json")));
    },
  )

  /** One click: reminds everyone due (or one member), at most once a week each. */
  .post("/", requireUser, validate("json", z.object({ userId: z.uuid("is not a valid id").optional() })), async (c) => {
    const { db } = c.var;
    const team = await ownerTeam(db, c.var.user.id);
    await withinTeamHourly(db, "team-remind", team.id);
    const reminded = await sendReminders(db, createMailer(c.var.config, c.env), appOrigin(c), team, c.req.valid("json").userId);
    return c.json({ reminded });
  });
