import { describe, expect, it } from "vitest";
import { maxStylesFor } from "@/lib/domain";
import { chosenStyles, initialWizard, isShoot, wizardReducer, type WizardAction, type WizardState } from "./use-wizard";

const run = (...actions: WizardAction[]): WizardState => actions.reduce(wizardReducer, initialWizard);

describe("several styles (issue 24)", () => {
  it("ticks styles up to the limit, in the order chosen, and continues to the photo step with the set", () => {
    const max = maxStylesFor({ subscriber: false, remaining: 2 });
    const s = run(
      { type: "gender", gender: "woman" },
      { type: "setMode", on: true },
      { type: "toggleStyle", style: "Suit", max },
      { type: "toggleStyle", style: "LinkedIn", max },
      { type: "toggleStyle", style: "Office", max }, // a third is over a free person's 2 left
      { type: "continueSet" },
    );
    expect(s.styles).toEqual(["Suit", "LinkedIn"]);
    expect(s.step).toBe(3);
    expect(chosenStyles(s)).toEqual(["Suit", "LinkedIn"]);
    expect(isShoot(s)).toBe(true);
  });

  it("a subscriber may take all 10; nobody continues with none", () => {
    expect(maxStylesFor({ subscriber: true, remaining: 0 })).toBe(10);
    expect(maxStylesFor({ subscriber: false, remaining: 0 })).toBe(0);
    expect(run({ type: "setMode", on: true }, { type: "continueSet" }).step).toBe(1);
  });

  it("one style stays a single headshot, unless further photos are added", () => {
    const single = run({ type: "style", style: "Suit" });
    expect(isShoot(single)).toBe(false);
    const photo = new File(["x"], "a.jpg");
    const withMore = run({ type: "style", style: "Suit" }, { type: "file", file: photo }, { type: "moreFiles", files: [photo] });
    expect(isShoot(withMore)).toBe(true);
    expect(wizardReducer(withMore, { type: "file", file: null }).moreFiles).toEqual([]);
  });
});
