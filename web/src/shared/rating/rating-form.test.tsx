import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderWithApp, testUser } from "@/test/render";
import { json, stubApi } from "@/test/stub-api";
import { RatingForm } from "./rating-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saved = {
  headshotId: "h1",
  stars: 4,
  comment: null,
  publishConsent: false,
  firstName: null,
  role: null,
  testimonialStatus: null,
  pictureConsent: true,
};

describe("rating form", () => {
  it("asks, unticked, whether the headshot and its photo may be shown on the website, and sends the answer (decision 183)", async () => {
    const calls = stubApi({ "GET /api/headshots/h1/rating": json(null), "PUT /api/headshots/h1/rating": json(saved) });
    renderWithApp(<RatingForm headshotId="h1" />, { user: testUser });
    const consent = await screen.findByRole("checkbox", { name: /may show this headshot and the photo I uploaded/ });
    expect(consent.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(screen.getByRole("radio", { name: "4 stars" }));
    fireEvent.click(consent);
    fireEvent.click(screen.getByRole("button", { name: "Save Rating" }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === "PUT /api/headshots/h1/rating")?.body).toMatchObject({ stars: 4, pictureConsent: true }),
    );
  });
});
