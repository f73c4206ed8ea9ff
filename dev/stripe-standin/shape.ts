/**
 * Compares an object's shape with Stripe's published example: the same keys, recursively, with the same
 * JSON types. `null` is accepted wherever the example has a value (nullable fields), and anything is
 * accepted where the example itself is null (its type is unknown). Array elements are compared with the
 * example's first element. `metadata` maps are free-form: only their type is compared.
 */

export type Shape = unknown;

const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

export interface ShapeOptions {
  /** Paths (`a.b[].c`) whose extra keys are accepted: optional fields of Stripe's schema the example omits. */
  extraKeysAllowed?: string[];
  /** Paths not compared (e.g. an event's `data.object`, checked against its own example). */
  skip?: string[];
}

export function shapeProblems(actual: unknown, example: unknown, opts: ShapeOptions = {}, path = ""): string[] {
  if (opts.skip?.includes(path)) return [];
  if (example === null || actual === null) return [];
  const [a, e] = [kind(actual), kind(example)];
  if (a !== e) return [`${path || "(root)"}: ${a} where Stripe has ${e}`];
  if (e === "array") {
    const [first] = example as unknown[];
    if (first === undefined) return [];
    return (actual as unknown[]).flatMap((item) => shapeProblems(item, first, opts, `${path}[]`));
  }
  // Metadata is the caller's own map: only its type is Stripe's.
  if (e !== "object" || path === "metadata" || path.endsWith(".metadata")) return [];
  const act = actual as Record<string, unknown>;
  const exp = example as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(exp)) {
    const sub = path ? `${path}.${key}` : key;
    if (!(key in act)) problems.push(`${sub}: missing`);
    else problems.push(...shapeProblems(act[key], exp[key], opts, sub));
  }
  if (!opts.extraKeysAllowed?.includes(path)) {
    for (const key of Object.keys(act)) if (!(key in exp)) problems.push(`${path ? `${path}.` : ""}${key}: not in Stripe's example`);
  }
  return problems;
}
