/**
 * A new team's page (issue 46, item 16): no errors before the owner does anything, and the colour state says one
 * thing (no colour chosen: the field is empty, not a filled #1E3A5F beside "No colour chosen yet"). The problems
 * show once the owner changes a value or tries to save.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { answerNull, json, stubApi } from "@/test/stub-api";
import { renderWithApp, testUser } from "@/test/render";
import type { ApiMyTeam } from "@/lib/domain";
import { BrandLookForm } from "./brand-look-form";
import { TeamShootForm } from "./team-shoot-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const newTeam: Extract<ApiMyTeam, { role: "owner" }> = {
  role: "owner",
  team: { id: "t1", name: "Acme", look: null, shoot: { backdrop: "color", outfit: null, template: null } },
  covered: false,
  subscription: null,
  seats: { paid: 0, used: 1, invited: 0 },
  members: [],
  invitations: [],
  myChosenHeadshotId: null,
  ownPlanNotNeeded: false,
};

function renderPage() {
  stubApi({ "GET /api/team/grid": json({ photos: [] }) }, { fallback: answerNull });
  renderWithApp(
    <>
      <BrandLookForm team={newTeam} />
      <TeamShootForm team={newTeam} />
    </>,
    { user: testUser, path: "/team" },
  );
}

const invalidFields = () => document.querySelectorAll('[aria-invalid="true"]');

describe("a new team's brand look and shoot (issue 46)", () => {
  it("shows no error and no filled colour before the owner does anything", () => {
    renderPage();
    expect((screen.getByLabelText("Background colour") as HTMLInputElement).value).toBe("");
    expect(screen.getByText("No colour chosen yet")).toBeTruthy();
    expect(invalidFields()).toHaveLength(0);
    expect(document.querySelectorAll(".text-destructive")).toHaveLength(0);
    expect(screen.queryByText(/Choose the brand colour first/)).toBeNull();
  });

  it("says what is wrong once the owner changes a value or tries to save", () => {
    renderPage();
    const template = screen.getByRole("form", { name: "Profile-picture template" });
    fireEvent.click(within(template).getByRole("button", { name: "Save template" }));
    expect(screen.getByText("Choose the brand colour first: the border is drawn in it.")).toBeTruthy();
    expect(screen.getByLabelText("Size (px)").getAttribute("aria-invalid")).toBe("true");
    expect(within(template).getByRole("button", { name: "Save template" })).toHaveProperty("disabled", true);

    fireEvent.change(screen.getByLabelText("Background colour"), { target: { value: "#12" } });
    fireEvent.blur(screen.getByLabelText("Background colour"));
    expect(screen.getByLabelText("Background colour").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("A colour is # and six hex digits, like #1E3A5F.")).toBeTruthy();
  });
});
