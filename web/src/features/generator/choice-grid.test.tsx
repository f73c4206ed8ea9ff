import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { GenderStep } from "./gender-step";
import { StyleSetStep, StyleStep } from "./style-step";

afterEach(cleanup);

describe("the wizard's choice grids", () => {
  it("gender: two radios named by all their words; the chosen one is checked and the one in the tab order", () => {
    const onChoose = vi.fn();
    render(<GenderStep value="woman" onChoose={onChoose} />);
    const group = screen.getByRole("radiogroup", { name: "Gender" });
    const woman = screen.getByRole("radio", { name: /^woman.*feminine styling and attire/i });
    expect(group.contains(woman)).toBe(true);
    expect([woman.getAttribute("aria-checked"), woman.tabIndex]).toEqual(["true", 0]);
    const man = screen.getByRole("radio", { name: /^man/i });
    expect([man.getAttribute("aria-checked"), man.tabIndex]).toEqual(["false", -1]);
    fireEvent.click(man);
    expect(onChoose).toHaveBeenCalledWith("man");
  });

  it("one style: radios named by the style, described by its description", () => {
    const onChoose = vi.fn();
    render(<StyleStep value={null} gender="man" onChoose={onChoose} />);
    const radios = screen.getAllByRole("radio");
    expect(radios).toHaveLength(10);
    expect(radios.map((r) => r.tabIndex).filter((t) => t === 0)).toHaveLength(1);
    const suit = screen.getByRole("radio", { name: "Suit" });
    expect(suit.getAttribute("aria-description")).toBe("Tailored suit, formal and confident.");
    fireEvent.click(suit);
    expect(onChoose).toHaveBeenCalledWith("Suit");
  });

  it("several styles: checkboxes; at the limit the others are disabled and clicking them does nothing", () => {
    const onToggle = vi.fn();
    render(<StyleSetStep value={["Suit", "Office"]} gender="woman" max={2} onToggle={onToggle} />);
    expect(screen.getByRole("group", { name: "Styles" })).toBeTruthy();
    const corporate = screen.getByRole("checkbox", { name: "Corporate" });
    expect(corporate.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(corporate);
    expect(onToggle).not.toHaveBeenCalled();
    const suit = screen.getByRole("checkbox", { name: "Suit" });
    expect([suit.getAttribute("aria-checked"), suit.getAttribute("aria-disabled")]).toEqual(["true", null]);
    fireEvent.click(suit);
    expect(onToggle).toHaveBeenCalledWith("Suit");
  });
});
