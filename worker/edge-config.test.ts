/**
 * The edge path's configuration (issue 38, decision 240): Smart Placement in every environment the Worker is
 * deployed to (an environment inherits no `[placement]` it does not state), and the README tells to use
 * Neon's pooled host for the Worker's DATABASE_URL.
 */
import { describe, expect, it } from "vitest";
import wranglerToml from "../wrangler.toml?raw";
import readme from "../README.md?raw";

/** The `key = value` lines of a `[header]` section, up to the next header. */
function section(toml: string, header: string): string | undefined {
  const start = toml.indexOf(`\n${header}\n`);
  if (start < 0) return undefined;
  return toml.slice(start + header.length + 2).split(/\n\[/)[0];
}

const environments = [...wranglerToml.matchAll(/^\[env\.([a-z-]+)\]$/gm)].map((m) => m[1]!);

describe("Smart Placement", () => {
  it("is on at the top level and in each environment", () => {
    expect(environments).toEqual(expect.arrayContaining(["staging", "preview"]));
    for (const header of ["[placement]", ...environments.map((e) => `[env.${e}.placement]`)]) {
      expect(section(wranglerToml, header), header).toMatch(/^mode = "smart"$/m);
    }
  });
});

describe("the README's connection string", () => {
  it("is Neon's pooled host, and says so", () => {
    const urls = [...readme.matchAll(/postgresql:\/\/[^\s`]+neon\.tech[^\s`]*/g)].map((m) => m[0]);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(new URL(url).hostname, url).toMatch(/^ep-[a-z0-9-]+-pooler\./);
    expect(readme).toMatch(/`DATABASE_URL` \| .*pooled host, `-pooler`/);
  });
});
