import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import type { ApiMyTeam } from "@/lib/domain";
import { answerNull, json, stubApi, type StubTable } from "@/test/stub-api";
import { renderWithApp, testUser } from "@/test/render";
import { TeamPlanCard } from "./team-plan-card";

const stub = <const Table extends StubTable<Table>>(table: Table) => stubApi(table, { fallback: answerNull });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const member: ApiMyTeam = {
  role: "member",
  team: { id: "t1", name: "Acme", look: null, shoot: { backdrop: "color", outfit: null, template: null } },
  covered: true,
  entitled: true,
  myChosenHeadshotId: null,
  ownPlanNotNeeded: false,
};

describe("/pricing's team card (issue 46)", () => {
  it("offers someone outside any team to set one up", async () => {
    stub({ "GET /api/team": answerNull });
    renderWithApp(<TeamPlanCard />, { user: testUser });
    expect(await screen.findByRole("link", { name: "Set up your team" })).toBeTruthy();
  });

  it("leads a team's member to their team, not to setting up another", async () => {
    stub({ "GET /api/team": json(member) });
    renderWithApp(<TeamPlanCard />, { user: testUser });
    expect(await screen.findByRole("link", { name: "Open your team" })).toBeTruthy();
    expect(screen.getByText("You're a member of the team Acme.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Set up your team" })).toBeNull();
  });
});
