import { describe, expect, it } from "vitest";
import { checkWorkflows, workflowProblems } from "./validate-workflows";

describe("the workflow files' validator", () => {
  it("passes the repository's workflows: CI on every change with the deploy of main, and the PR previews", () => {
    const results = checkWorkflows();
    expect(results.map((r) => r.file)).toEqual(["ci.yml", "preview.yml"]);
    for (const r of results) expect(r.problems, r.file).toEqual([]);
  });

  it("refuses a workflow the schema does not allow", () => {
    const valid = "on: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo hi\n";
    expect(workflowProblems(valid)).toEqual([]);
    expect(workflowProblems(valid.replace("runs-on: ubuntu-24.04\n", ""))).not.toEqual([]); // a job with steps needs runs-on
    expect(workflowProblems(valid.replace("steps:", "stpes:"))).not.toEqual([]); // unknown key
    expect(workflowProblems(valid.replace("on: push", "on: pushed"))).not.toEqual([]); // unknown event
    expect(workflowProblems("on: push\njobs:\n  a: [\n")).not.toEqual([]); // not YAML
  });
});
