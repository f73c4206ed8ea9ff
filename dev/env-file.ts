import { existsSync, readFileSync } from "node:fs";

/** Reads a dotenv-style file (KEY=value, # comments, optional quotes). Missing file → {}. */
export function readEnvFile(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const out: Record<string, string> = {};
  for (const raw of readFileSync(path, "utf8").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq < 1) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1);
    } else {
      value = value.replace(/(^|\s+)#.*$/, ""); // `KEY=   # comment` is an empty value
    }
    out[key] = value;
  }
  return out;
}

/** Writes KEY="value" lines that wrangler's --env-file reads back unchanged. */
export function formatEnvFile(vars: Record<string, string>): string {
  return (
    Object.entries(vars)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join("\n") + "\n"
  );
}
