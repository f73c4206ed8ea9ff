/**
 * Request parameters as Stripe reads them, and Stripe's error shape.
 *
 * The SDK sends parameters form-encoded with bracket notation — `items[0][price]=…`, `metadata[k]=v`,
 * `expand[0]=…` (indexed, never `[]`) — in the body of POST and in the query of GET and DELETE. An empty
 * value means "unset" (the SDK encodes `null` and `""` both as `k=`).
 */

export type Param = string | Params | Param[];
export interface Params {
  [key: string]: Param;
}

/** Parses `a[b][0][c]=v&…` into nested objects; objects whose keys are all indices become arrays. */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = keyPath(rawKey);
    if (path.length === 0) continue;
    let node: Params = root;
    path.forEach((segment, i) => {
      // `expand[]=x` (sent by browsers and hand-written clients) appends.
      const key = segment === "" ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) {
        node[key] = value;
      } else {
        const next = node[key];
        if (typeof next !== "object" || Array.isArray(next)) node[key] = {};
        node = node[key] as Params;
      }
    });
  }
  return arraysFromIndices(root) as Params;
}

function keyPath(key: string): string[] {
  const first = /^[^[]*/.exec(key)![0];
  const rest = [...key.slice(first.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
  return first === "" ? [] : [first, ...rest];
}

function arraysFromIndices(value: Param): Param {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: Params = {};
  for (const k of keys) converted[k] = arraysFromIndices(value[k]!);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => converted[String(k)]!);
  }
  return converted;
}

/** An error answered in Stripe's shape: `{error: {type, code, message, param, decline_code}}`. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: { code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }

  body(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    for (const [k, v] of Object.entries(this.extra)) if (v !== undefined) error[k] = v;
    if (this.extra.code) error.doc_url = `https://stripe.com/docs/error-codes/${this.extra.code.replace(/_/g, "-")}`;
    return { error };
  }
}

export const missing = (what: string, id: string, param = "id") =>
  new StripeError(404, "invalid_request_error", `No such ${what}: '${id}'`, { code: "resource_missing", param });

export const invalid = (message: string, param?: string, code = "parameter_invalid_empty") =>
  new StripeError(400, "invalid_request_error", message, { code, param });

/** A quantity as Stripe checks it: an integer of at least 1 (a seat count, say). */
export function positiveQuantity(quantity: number, param: string): number {
  if (!Number.isInteger(quantity) || quantity < 1)
    throw invalid("This value must be greater than or equal to 1.", param, "parameter_invalid_integer");
  return quantity;
}

/**
 * Typed access to one request's parameters. Every parameter a route reads is marked as known, so
 * `rejectUnknown` can answer an unknown parameter with 400 as Stripe does — which catches typos in the
 * product's calls early.
 */
export class Reader {
  private readonly seen = new Set<string>(["expand"]);

  constructor(readonly params: Params) {}

  has(key: string): boolean {
    this.seen.add(key);
    return key in this.params;
  }

  raw(key: string): Param | undefined {
    this.seen.add(key);
    return this.params[key];
  }

  /** A string parameter; `""` (unset) reads as null. */
  string(key: string): string | null | undefined {
    const v = this.raw(key);
    if (v === undefined) return undefined;
    if (typeof v !== "string") throw invalid(`Invalid string: ${key}`, key, "parameter_invalid_string");
    return v === "" ? null : v;
  }

  required(key: string): string {
    const v = this.string(key);
    if (v === undefined || v === null) throw invalid(`Missing required param: ${key}.`, key, "parameter_missing");
    return v;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const v = this.string(key);
    if (v === undefined || v === null) return undefined;
    if (!(allowed as readonly string[]).includes(v)) {
      throw invalid(`Invalid ${key}: must be one of ${allowed.join(", ")}`, key, "parameter_invalid");
    }
    return v as T;
  }

  integer(key: string): number | undefined {
    const v = this.string(key);
    if (v === undefined || v === null) return undefined;
    if (!/^-?\d+$/.test(v)) throw invalid(`Invalid integer: ${v}`, key, "parameter_invalid_integer");
    return Number(v);
  }

  boolean(key: string): boolean | undefined {
    const v = this.string(key);
    if (v === undefined || v === null) return undefined;
    if (v !== "true" && v !== "false") throw invalid(`Invalid boolean: ${v}`, key, "parameter_invalid");
    return v === "true";
  }

  /** `metadata[k]=v` merged into `current`; an empty value deletes the key, `metadata=` clears all. */
  metadata(key: string, current: Record<string, string> = {}): Record<string, string> | undefined {
    const v = this.raw(key);
    if (v === undefined) return undefined;
    if (v === "") return {};
    if (typeof v !== "object" || Array.isArray(v)) throw invalid(`Invalid object: ${key}`, key, "parameter_invalid");
    const next = { ...current };
    for (const [k, value] of Object.entries(v)) {
      if (typeof value !== "string") throw invalid(`Invalid string: ${key}[${k}]`, `${key}[${k}]`, "parameter_invalid");
      if (value === "") delete next[k];
      else next[k] = value;
    }
    return next;
  }

  /** A nested object parameter, read with its own Reader (its unknown keys are reported with the prefix). */
  object(key: string): Reader | undefined {
    const v = this.raw(key);
    if (v === undefined || v === "") return undefined;
    if (typeof v !== "object" || Array.isArray(v)) throw invalid(`Invalid object: ${key}`, key, "parameter_invalid");
    return new Reader(v);
  }

  list(key: string): Reader[] | undefined {
    const v = this.raw(key);
    if (v === undefined || v === "") return undefined;
    if (!Array.isArray(v)) throw invalid(`Invalid array: ${key}`, key, "parameter_invalid");
    return v.map((item, i) => {
      if (typeof item !== "object" || Array.isArray(item))
        throw invalid(`Invalid object: ${key}[${i}]`, `${key}[${i}]`, "parameter_invalid");
      return new Reader(item);
    });
  }

  strings(key: string): string[] | undefined {
    const v = this.raw(key);
    if (v === undefined || v === "") return undefined;
    const items = Array.isArray(v) ? v : [v];
    return items.map((item, i) => {
      if (typeof item !== "string") throw invalid(`Invalid string: ${key}[${i}]`, `${key}[${i}]`, "parameter_invalid");
      return item;
    });
  }

  expand(): string[] {
    return this.strings("expand") ?? [];
  }

  /** 400 for the first parameter no route code looked at. */
  rejectUnknown(prefix = ""): void {
    for (const key of Object.keys(this.params)) {
      if (!this.seen.has(key)) {
        const name = prefix ? `${prefix}[${key}]` : key;
        throw invalid(`Received unknown parameter: ${name}`, name, "parameter_unknown");
      }
    }
  }
}
