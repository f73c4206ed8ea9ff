import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { WizardFrame } from "./wizard-frame";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the wizard's frame", () => {
  it("keeps the toasts below its stepper, and lets them back up once it is gone (issue 35)", () => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      return { bottom: this.getAttribute("aria-label") === "Progress" ? 152.4 : 0 } as DOMRect;
    });
    const { unmount } = render(
      <WizardFrame step={2} title="Choose a style" text="" focusKey="k">
        <p>step</p>
      </WizardFrame>,
    );
    expect(screen.getByRole("list", { name: "Progress" })).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue("--toasts-top")).toBe("152px");
    unmount();
    expect(document.documentElement.style.getPropertyValue("--toasts-top")).toBe("");
  });
});
