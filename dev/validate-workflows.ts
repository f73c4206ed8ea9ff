/**
 * The GitHub Actions workflow files against the GitHub workflow schema (SchemaStore's, compiled into
 * @action-validator/core with its own checks of expressions and `needs`). `npm run validate:workflows`; CI runs it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { validateWorkflow } from "@action-validator/core";

export const WORKFLOWS_DIR = fileURLToPath(new URL("../.github/workflows", import.meta.url));

/** Each problem of one workflow's YAML, as "path: title (detail)"; none when it is valid. */
export function workflowProblems(yaml: string): string[] {
  return validateWorkflow(yaml).errors.map((e) => {
    const where = "path" in e ? e.path : e.location ? `line ${e.location.line}` : "";
    return [where, e.title, e.detail && `(${e.detail})`].filter(Boolean).join(": ");
  });
}

/** Every workflow file of the repository with its problems. */
export function checkWorkflows(dir = WORKFLOWS_DIR): { file: string; problems: string[] }[] {
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((file) => ({ file, problems: workflowProblems(readFileSync(join(dir, file), "utf8")) }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = checkWorkflows();
  for (const { file, problems } of results) {
    console.log(`${problems.length ? "✗" : "✓"} .github/workflows/${file}`);
    for (const p of problems) console.log(`    ${p}`);
  }
  if (results.length === 0) console.log("no workflow files");
  process.exit(results.some((r) => r.problems.length) ? 1 : 0);
}
