/** The Team plan's price as GET /api/stripe/plans answers it (at the launch price unless told): for stubs. */
import { TEAM_PLAN, type ApiTeamPrice } from "@/lib/domain";

export const teamPrice = (seatCents: number = TEAM_PLAN.pricePerSeatCents): ApiTeamPrice => ({
  priceId: "price_team",
  seatCents,
  currency: "EUR",
  upcoming: null,
});
