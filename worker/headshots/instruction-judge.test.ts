/**
 * The refine instruction's meaning (issue 46 items 6 and 13; decision 310): the fixture of phrasings in five languages
 * through the product's whole check (the free first filter, then the text model's verdict from the stand-in), what the
 * first filter alone must and must not refuse, and what happens when the text model cannot answer.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { getConfig } from "../config";
import { IDENTITY_MESSAGES, REFINE_MESSAGES } from "../../domain/refine";
import { firstFilter, foldInstruction } from "../../domain/refine-filter";
import { DEFAULT_TEXT_MODEL } from "../../domain/text-models";
import { JUDGE_MARKER, VERDICT_SCHEMA, checkRefineInstruction } from "./instruction-judge";
import { REFINE_PHRASINGS, type Expected } from "./refine-phrasings.fixture";

const config = () => getConfig(env);
const withTextModel = (hooks: string) => ({ ...config(), GEMINI_TEXT_MODEL: `${DEFAULT_TEXT_MODEL}--${hooks}` });
const messageOf = (expected: Exclude<Expected, "allowed">) =>
  expected === "instructions" ? REFINE_MESSAGES.instructions : IDENTITY_MESSAGES[expected];

interface TextStats {
  calls: Record<string, number>;
  judged: Record<string, { instruction: string; verdict: string; category: string; schema: boolean }[]>;
}
const textStats = async () => ((await (await fetch(`${env.GEMINI_BASE_URL}/__stats`)).json()) as { text: TextStats }).text;

describe("the refine fixture (issue 46 items 6 and 13)", () => {
  it("holds at least 60 phrasings in each of the five languages, allowed and refused, the audit's included", () => {
    expect(REFINE_PHRASINGS.length).toBeGreaterThanOrEqual(60);
    for (const lang of ["en", "de", "fr", "es", "it"]) {
      const of = REFINE_PHRASINGS.filter((p) => p.lang === lang);
      expect(of.some((p) => p.expected === "allowed") && of.some((p) => p.expected !== "allowed"), lang).toBe(true);
    }
    const texts = REFINE_PHRASINGS.map((p) => p.text);
    for (const audit of [
      "make me a woman",
      "make me Tom Cruise",
      "Mach mich bitte zehn Jahre jünger",
      "an Indian silk tie",
      "tidy my grey hair",
    ])
      expect(texts).toContain(audit);
  });

  it("the whole check (first filter, then the text model's verdict) answers each phrasing right", async () => {
    const model = withTextModel(`fixture-${crypto.randomUUID().slice(0, 8)}`);
    const wrong: string[] = [];
    for (const p of REFINE_PHRASINGS) {
      const got = await checkRefineInstruction(model, p.text);
      const want = p.expected === "allowed" ? { ok: true, instruction: p.text } : { ok: false, message: messageOf(p.expected) };
      if (
        JSON.stringify({ ok: got.ok, ...(got.ok ? { instruction: got.instruction } : { message: got.message }) }) !== JSON.stringify(want)
      )
        wrong.push(`${p.lang} "${p.text}": ${got.ok ? "allowed" : got.message}`);
    }
    expect(wrong).toEqual([]);
    // the model judged exactly what the first filter let through, the instruction sent as data on its own line
    const judged = (await textStats()).judged[model.GEMINI_TEXT_MODEL]!;
    expect(judged.map((j) => j.instruction)).toEqual(REFINE_PHRASINGS.filter((p) => !p.filter).map((p) => p.text));
    expect(judged.every((j) => j.schema)).toBe(true); // each call asked for the verdict's schema
  });

  it("the first filter refuses only the unambiguous (look-alike letters folded), and never a harmless change", () => {
    for (const p of REFINE_PHRASINGS) {
      const got = firstFilter(p.text)?.reason ?? null;
      if (p.filter) expect(got, p.text).toBe(p.expected);
      else expect(got, p.text).toBeNull();
    }
    expect(foldInstruction("make me 20 years \u043elder")).toBe("make me 20 years older"); // Cyrillic о
    expect(foldInstruction("ＭＡＫＥ me ｏlder")).toBe("make me older"); // full-width letters
    expect(foldInstruction("Mach mich jünger, größer")).toBe("mach mich junger, grosser");
    // the words kept by a thing, not a person: colours, origins, styles
    for (const harmless of [
      "a white shirt",
      "an Italian suit",
      "a Japanese garden behind me",
      "a smoking jacket",
      "a blood-red tie",
      "an old-fashioned tie",
    ])
      expect(firstFilter(harmless), harmless).toBeNull();
  });
});

describe("when the text model cannot answer (decision 310)", () => {
  it("an error, an overload or an unreadable verdict refuses with a retry message (503); a blocked prompt is the policy's refusal", async () => {
    for (const hooks of ["standin-status-503", "standin-status-429", "standin-status-404", "standin-garbled"]) {
      expect(await checkRefineInstruction(withTextModel(hooks), "a dark red tie"), hooks).toEqual({
        ok: false,
        message: REFINE_MESSAGES.judgeUnavailable,
        status: 503,
      });
    }
    expect(await checkRefineInstruction(withTextModel("standin-block-prompt"), "a dark red tie")).toEqual({
      ok: false,
      message: IDENTITY_MESSAGES.policy,
      reason: "policy",
    });
    // what the first filter refuses needs no model: the same answer when the model is down
    expect(await checkRefineInstruction(withTextModel("standin-status-503"), "make me a woman")).toEqual({
      ok: false,
      message: IDENTITY_MESSAGES.gender,
      reason: "gender",
    });
  });
});

describe("the stand-in's text model is as strict as Google's", () => {
  const post = (model: string, body: unknown, headers: Record<string, string> = { "x-goog-api-key": "k" }) =>
    fetch(`${env.GEMINI_BASE_URL}/v1beta/models/${model}:generateContent`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const contents = [{ role: "user", parts: [{ text: `${JUDGE_MARKER} "a navy tie"` }] }];

  it("answers a JSON verdict fitting the schema, in Google's shape", async () => {
    const res = await post(DEFAULT_TEXT_MODEL, {
      contents,
      generationConfig: { responseMimeType: "application/json", responseSchema: VERDICT_SCHEMA },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { candidates: { content: { parts: { text: string }[] }; finishReason: string }[] };
    expect(body.candidates[0]!.finishReason).toBe("STOP");
    expect(JSON.parse(body.candidates[0]!.content.parts[0]!.text)).toMatchObject({ verdict: "allowed", category: "none" });
  });

  it("refuses a schema without the JSON mime type, unknown schema fields, no key, and a retired or unknown model", async () => {
    const schema = { responseSchema: VERDICT_SCHEMA };
    expect((await post(DEFAULT_TEXT_MODEL, { contents, generationConfig: schema })).status).toBe(400);
    const unknownField = { responseMimeType: "application/json", responseSchema: { ...VERDICT_SCHEMA, additionalProperties: false } };
    const res = await post(DEFAULT_TEXT_MODEL, { contents, generationConfig: unknownField });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('Unknown name "additionalProperties"');
    expect((await post(DEFAULT_TEXT_MODEL, { contents }, {})).status).toBe(403);
    expect((await post("gemini-3.1-flash-lite-preview", { contents })).status).toBe(404);
    expect((await post(DEFAULT_TEXT_MODEL, { contents, generationConfig: { responseModalities: ["IMAGE"] } })).status).toBe(400);
  });
});
