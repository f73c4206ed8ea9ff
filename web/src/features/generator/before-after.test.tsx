import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { BeforeAfter } from "./before-after";

afterEach(cleanup);

/** Fires the headshot's load as a browser would, with its natural size. */
function loadResult(width: number, height: number) {
  const img = screen.getByRole("img", { name: "Your Suit headshot" }) as HTMLImageElement;
  Object.defineProperty(img, "naturalWidth", { value: width, configurable: true });
  Object.defineProperty(img, "naturalHeight", { value: height, configurable: true });
  fireEvent.load(img);
}

/** The frame's aspect ratio as set on its style (jsdom drops an `aspect-ratio` style, so read from the attribute beside it). */
const frameRatio = () => Number(screen.getByTestId("before-after-frame").dataset.aspect);

describe("the before/after frame (issue 35)", () => {
  it("is square before the headshot loads, then takes the headshot's own shape, so it is never cropped", () => {
    render(<BeforeAfter before="/o.jpg" after="/r.webp" alt="Your Suit headshot" />);
    expect(frameRatio()).toBe(1);
    loadResult(1024, 1024);
    expect(frameRatio()).toBe(1);
    loadResult(768, 1024);
    expect(frameRatio()).toBe(0.75);
  });
});
