import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { startGenaiStandin, type GenaiStandin } from "./genai-standin";

/** The stand-in renders a photo and style once; the same request then gets the same bytes from memory. */
describe("the Gemini stand-in's previews", () => {
  let standin: GenaiStandin;
  beforeAll(async () => {
    standin = await startGenaiStandin({ delayMs: 0 });
  });
  afterAll(() => standin?.stop());

  const photo = (r: number) =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g: 120, b: 100 } } })
      .jpeg()
      .toBuffer();
  const generate = async (bytes: Buffer, style: string) => {
    const res = await fetch(`${standin.url}/v1beta/models/test-model:generateContent`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        contents: [
          {
            role: "user",
            parts: [
              { inlineData: { mimeType: "image/jpeg", data: bytes.toString("base64") } },
              { text: `A headshot in the "${style}" style.` },
            ],
          },
        ],
      }),
    });
    const body = (await res.json()) as { candidates: { content: { parts: { inlineData: { data: string } }[] } }[] };
    return body.candidates[0]!.content.parts[0]!.inlineData.data;
  };
  const stats = async () =>
    (await (await fetch(`${standin.url}/__stats`)).json()) as { renders: number; cacheHits: number; renderMs: number };

  it("renders each photo and style once, answers repeats with the same bytes, and reports its render time", async () => {
    const a = await photo(10);
    const first = await generate(a, "LinkedIn");
    const after = await stats();
    expect(after).toMatchObject({ renders: 1, cacheHits: 0 });
    expect(after.renderMs).toBeGreaterThan(0);
    expect(await generate(a, "LinkedIn")).toBe(first);
    expect(await stats()).toMatchObject({ renders: 1, cacheHits: 1, renderMs: after.renderMs });
    expect(await generate(a, "Suit")).not.toBe(first); // another style: another picture
    expect(await generate(await photo(200), "LinkedIn")).not.toBe(first); // another photo too
    expect(await stats()).toMatchObject({ renders: 3, cacheHits: 1 });
  });
});
