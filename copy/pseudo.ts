/**
 * A pseudo-locale for the browser suite and local runs only (issue 50, decisions 340, 390): every message's words made
 * longer (about 40 %, as German and French run) and accented, its placeholders and plural structure kept, so a screen
 * at 360 px shows where a longer language would overflow and where a string was left out of the catalogue (it stays
 * plain ASCII). Never shipped: `npm run copy:pseudo` compiles it into copy/generated in place of the catalogue's
 * texts (every language reads pseudo text; `npm run copy` restores the real one), and `npm run build:pseudo` into
 * copy/generated-pseudo (`--outdir`), from which the pseudo build of the web app reads it (decision 390).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";

const ACCENTED: Record<string, string> = {
  a: "á",
  e: "é",
  i: "í",
  o: "ö",
  u: "ü",
  A: "Å",
  E: "É",
  I: "Í",
  O: "Ö",
  U: "Ü",
  c: "ç",
  n: "ñ",
  s: "š",
  y: "ý",
};

/**
 * "Save {count} photos" → "[SávéSá {count} phötöšphö]": accented, every word about 40 % longer (its start repeated),
 * placeholders untouched. Longer words, not a padding run: a real language's words are longer (a German compound),
 * never one unbreakable run as long as a paragraph's padding would be (decision 390).
 */
export function pseudoText(text: string): string {
  const parts = text.split(/(\{[^}]*\})/);
  const accent = (word: string) => [...word].map((ch) => ACCENTED[ch] ?? ch).join("");
  const body = parts
    .map((p) =>
      p.startsWith("{")
        ? p
        : p.replace(/\p{L}+/gu, (word) => {
            const accented = accent(word);
            return accented + [...accented].slice(0, Math.ceil(word.length * 0.4)).join("");
          }),
    )
    .join("");
  return `[${body}]`;
}

type Message = string | { declarations?: string[]; selectors?: string[]; match?: Record<string, string> }[];
export const pseudoMessage = (m: Message): Message =>
  typeof m === "string"
    ? pseudoText(m)
    : m.map((v) => ({ ...v, match: Object.fromEntries(Object.entries(v.match ?? {}).map(([k, t]) => [k, pseudoText(t)])) }));

/**
 * Writes a copy of the project whose every language holds the base language's texts, pseudo-localized, and compiles
 * it into `outdir` (relative to the repository).
 */
function compilePseudo(root: string, outdir: string) {
  const work = mkdtempSync(join(tmpdir(), "copy-pseudo-"));
  try {
    cpSync(join(root, "copy/project.inlang"), join(work, "project.inlang"), { recursive: true });
    const settingsPath = join(work, "project.inlang/settings.json");
    const settings = JSON.parse(readFileSync(settingsPath, "utf8")) as { baseLocale: string; locales: string[]; modules: string[] };
    settings.modules = settings.modules.map((m) => join(root, "copy", m)); // as paraglide resolves them: from copy/
    writeFileSync(settingsPath, JSON.stringify(settings, null, 2));
    for (const area of readdirSync(join(root, "copy/messages"))) {
      const base = JSON.parse(readFileSync(join(root, "copy/messages", area, `${settings.baseLocale}.json`), "utf8")) as Record<
        string,
        Message
      >;
      const pseudo = Object.fromEntries(Object.entries(base).map(([k, m]) => [k, k === "$schema" ? m : pseudoMessage(m)]));
      const dir = join(work, "messages", area);
      mkdirSync(dir, { recursive: true });
      for (const locale of settings.locales) writeFileSync(join(dir, `${locale}.json`), JSON.stringify(pseudo, null, 2));
    }
    rmSync(join(root, outdir), { recursive: true, force: true });
    execFileSync(
      "npx",
      [
        "paraglide-js",
        "compile",
        "--project",
        join(work, "project.inlang"),
        "--outdir",
        join(root, outdir),
        "--emit-ts-declarations",
        "--strategy",
        "globalVariable",
        "baseLocale",
        "--silent",
      ],
      { stdio: "inherit" },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--outdir");
  compilePseudo(join(import.meta.dirname, ".."), at > 0 ? process.argv[at + 1]! : "copy/generated");
}
