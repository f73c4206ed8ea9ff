import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import type { ApiHeadshot } from "@/lib/domain";
import { renderWithApp, testHeadshot, testUser } from "@/test/render";
import { answerNull, json, stubApi } from "@/test/stub-api";
import { Gallery } from "./gallery";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const headshot = (id: string, shootId: string): ApiHeadshot =>
  testHeadshot({ id, originalImageUrl: `/o/${id}`, generatedImageUrl: `/g/${id}`, shootId });

describe("gallery", () => {
  it("a shoot's heading counts its pictures in words that agree (issue 35: not '1 pictures')", async () => {
    stubApi({ "GET /api/headshots": json([headshot("a", "s1"), headshot("b", "s2"), headshot("c", "s2")]) }, { fallback: answerNull });
    renderWithApp(<Gallery onOpen={() => {}} onTryAgain={() => {}} onCreate={() => {}} />, { user: testUser });
    const shoots = await screen.findAllByTestId("gallery-shoot");
    expect(shoots.map((s) => s.querySelector("p")!.textContent)).toEqual([
      expect.stringMatching(/^Shoot · 1 picture · /),
      expect.stringMatching(/^Shoot · 2 pictures · /),
    ]);
  });
});
