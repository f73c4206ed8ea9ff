import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderWithApp, testUser } from "@/test/render";
import { json, stubApi } from "@/test/stub-api";
import type { AdminPicture } from "@/lib/domain";
import { PicturesPanel } from "./pictures-panel";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const picture: AdminPicture = {
  headshotId: "h-1",
  style: "Speaker",
  email: "ana@example.test",
  stars: 5,
  originalImageUrl: "/o.jpg",
  generatedImageUrl: "/r.webp",
  featured: false,
  exampleSlot: null,
  slots: ["before-after", "speaker-woman"],
  createdAt: "2026-11-25T03:00:00.000Z",
};

describe("real results panel (decision 252)", () => {
  it("offers the picture's own places by name and puts it in the one chosen", async () => {
    const calls = stubApi({
      "GET /api/admin/pictures": () => json([picture]),
      "POST /api/admin/pictures/h-1/example": () => json({ headshotId: "h-1", exampleSlot: "speaker-woman" }),
    });
    renderWithApp(<PicturesPanel />, { user: { ...testUser, isOperator: true } });
    const select = (await screen.findByLabelText("Place on the home page")) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(["No place", "Before and after", "Speaker example (woman)"]);
    expect(select.value).toBe("");
    fireEvent.change(select, { target: { value: "speaker-woman" } });
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")).toMatchObject({
        key: "POST /api/admin/pictures/h-1/example",
        body: { slot: "speaker-woman" },
      }),
    );
  });
});
