import { describe, expect, it } from "vitest";
import { VERDICTS, samePersonVerdicts, verdictsFor, type FaceMeasure, type PhotoMeasure } from "./verdicts";

/** The astronaut portrait as measured in Chromium (decision 116): a good photo. */
const good: FaceMeasure = {
  share: 0.23,
  widthPx: 116,
  sharpness: 6.8,
  brightness: 145,
  clipped: 0.01,
  yaw: 0,
  roll: 4,
  eyeOpenness: [0.3, 0.29],
  eyeBrightness: [0.8, 0.81],
};
const photo = (faces: Partial<FaceMeasure>[], whole: Partial<PhotoMeasure> = {}): PhotoMeasure => ({
  faces: faces.map((f) => ({ ...good, ...f })),
  brightness: 112,
  clipped: 0.01,
  sharpness: 14.9,
  ...whole,
});
const kinds = (m: PhotoMeasure) => verdictsFor(m).map((v) => v.kind);

describe("the photo check's verdicts", () => {
  it("a good photo passes without a word", () => {
    expect(verdictsFor(photo([{}]))).toEqual([]);
  });

  it("each problem gets its verdict, title and one sentence of advice", () => {
    const [v] = verdictsFor(photo([]));
    expect(v).toEqual({
      kind: "no-face",
      title: "We couldn't find a face",
      advice: "Use a photo where your face is clearly visible and looking at the camera.",
    });
    expect(kinds(photo([{}, { share: 0.2 }]))).toEqual(["many-faces"]);
    expect(kinds(photo([{ share: 0.08 }]))).toEqual(["too-small"]);
    expect(kinds(photo([{ widthPx: 50 }]))).toEqual(["too-small"]);
    expect(kinds(photo([{ sharpness: 0.2 }]))).toEqual(["blurred"]);
    expect(kinds(photo([{ brightness: 43 }]))).toEqual(["too-dark"]);
    expect(kinds(photo([{ brightness: 230 }]))).toEqual(["too-bright"]);
    expect(kinds(photo([{ clipped: 0.5 }]))).toEqual(["too-bright"]);
    expect(kinds(photo([{ yaw: 0.6 }]))).toEqual(["turned"]); // profile
    expect(kinds(photo([{ roll: -33 }]))).toEqual(["turned"]); // head on its side
    expect(kinds(photo([{ eyeOpenness: [0.1, 0.12] }]))).toEqual(["eyes"]); // closed
    expect(kinds(photo([{ eyeBrightness: [0.16, 0.15] }]))).toEqual(["eyes"]); // dark glasses
    for (const v of Object.values(VERDICTS)) expect(v.advice).toMatch(/^[A-Z][^.]*\.$/); // one sentence each
  });

  it("with no face found, the light is named when it is what hides the face", () => {
    expect(kinds(photo([], { brightness: 22 }))).toEqual(["too-dark"]);
    expect(kinds(photo([], { brightness: 231 }))).toEqual(["too-bright"]);
    expect(kinds(photo([], { brightness: 183, clipped: 0.56 }))).toEqual(["too-bright"]);
  });

  it("with no face found in a photo without fine detail, the photo is blurred, not faceless (issue 46)", () => {
    const [v] = verdictsFor(photo([], { sharpness: 0.11 })); // the portrait blurred at σ 8, measured whole
    expect(v).toEqual({ kind: "blurred", ...VERDICTS.blurred });
    expect(v!.title).toBe("The photo is blurred");
    expect(kinds(photo([], { sharpness: 0.55 }))).toEqual(["no-face"]); // a sharp crop of a plain background
    expect(kinds(photo([], { sharpness: 0.05, brightness: 22 }))).toEqual(["too-dark"]); // the light first
  });

  it("a small face says so in the words a person can act on (issue 46)", () => {
    const [v] = verdictsFor(photo([{ share: 0.03, widthPx: 45 }]));
    expect(v!.title).toBe("Your face is too small in the photo");
    expect(v!.advice).toMatch(/^Come closer/);
  });

  it("a face far smaller than the main one (a passer-by) is not a second face", () => {
    expect(kinds(photo([{}, { share: 0.1 }]))).toEqual([]);
  });

  it("one eye half shut, or one eye in shadow, is not closed or covered", () => {
    expect(kinds(photo([{ eyeOpenness: [0.1, 0.28] }]))).toEqual([]);
    expect(kinds(photo([{ eyeBrightness: [0.3, 0.8] }]))).toEqual([]);
  });

  it("a small or turned face is not judged on its sharpness or eyes; several problems are all said, most important first", () => {
    expect(kinds(photo([{ share: 0.08, sharpness: 0.1, eyeOpenness: [0.05, 0.05] }]))).toEqual(["too-small"]);
    expect(kinds(photo([{ yaw: 0.7, eyeBrightness: [0.1, 0.1] }]))).toEqual(["turned"]);
    expect(kinds(photo([{ sharpness: 0.5, brightness: 40, roll: 30 }, { share: 0.2 }]))).toEqual([
      "many-faces",
      "blurred",
      "too-dark",
      "turned",
    ]);
  });
});

describe("a shoot's further photo against its first (issue 35)", () => {
  it("flags another person below the likeness model's own line (50%), and nothing when no face can be compared", () => {
    expect(samePersonVerdicts(49).map((v) => v.kind)).toEqual(["other-person"]);
    expect(samePersonVerdicts(49)[0]!.title).toBe("This looks like a different person");
    expect(samePersonVerdicts(50)).toEqual([]);
    expect(samePersonVerdicts(94)).toEqual([]);
    expect(samePersonVerdicts(null)).toEqual([]);
  });
});
