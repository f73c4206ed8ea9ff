import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatEnvFile, readEnvFile } from "./env-file";

describe("env files", () => {
  it("reads comments, quotes and inline comments, and round-trips what it writes", () => {
    const dir = mkdtempSync(join(tmpdir(), "envfile-"));
    const file = join(dir, ".dev.vars");
    writeFileSync(file, "# comment\nA=1\nB=\"two words\" \nC=three # note\n\nD='x=y'\nbroken\nE=        # only a comment\n");
    expect(readEnvFile(file)).toEqual({ A: "1", B: "two words", C: "three", D: "x=y", E: "" });
    const vars = { MAIL_FROM: "Headshot Studio <hello@x.test>", URL: "http://127.0.0.1:1/v1?a=b" };
    writeFileSync(file, formatEnvFile(vars));
    expect(readEnvFile(file)).toEqual(vars);
    expect(readEnvFile(join(dir, "missing"))).toEqual({});
  });
});
