import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { Checkbox } from "./checkbox";

afterEach(cleanup);

/** The theme's radii in px (index.css: --radius 0.75rem; sm = radius − 4px, md = − 2px, lg = radius). */
const THEME_RADIUS: Record<string, number> = { sm: 8, md: 10, lg: 12, xl: 16, full: 9999 };

describe("checkbox", () => {
  it("is a rounded square, not a circle like a radio button (issue 35)", () => {
    render(<Checkbox aria-label="Email me" />);
    const classes = screen.getByRole("checkbox", { name: "Email me" }).className.split(/\s+/);
    const size = Number(/^size-(\d+)$/.exec(classes.find((c) => /^size-\d+$/.test(c))!)![1]) * 4; // Tailwind: 1 = 4px
    const rounded = classes.find((c) => c.startsWith("rounded"))!;
    const radius = /^rounded-\[(\d+)px\]$/.exec(rounded)?.[1] ?? THEME_RADIUS[rounded.replace(/^rounded-?/, "") || "sm"];
    expect(Number(radius)).toBeLessThanOrEqual(size / 4);
  });
});
