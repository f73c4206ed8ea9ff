/**
 * The CBOR (RFC 8949) encoder a C2PA manifest needs, and no more: unsigned and negative integers, byte and
 * text strings, arrays, maps in the order given, tags, null. Definite lengths, shortest heads (preferred
 * serialisation). The manifest's readers hash the bytes we write, so no canonical ordering is required.
 */

/** A CBOR value: `Map` for maps whose keys are not all text (COSE headers), plain objects otherwise. */
export type Cbor = number | string | Uint8Array | null | boolean | Cbor[] | CborMap | Map<number | string, Cbor> | Tagged;
export interface CborMap {
  [key: string]: Cbor | undefined;
}
export class Tagged {
  constructor(
    readonly tag: number,
    readonly value: Cbor,
  ) {}
}

const text = new TextEncoder();

function head(out: number[], major: number, n: number) {
  const m = major << 5;
  if (n < 24) out.push(m | n);
  else if (n < 0x100) out.push(m | 24, n);
  else if (n < 0x10000) out.push(m | 25, n >> 8, n & 0xff);
  else if (n < 0x100000000) out.push(m | 26, n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
  else throw new Error("CBOR: integer too large");
}

function write(out: number[], v: Cbor): void {
  if (v === null) out.push(0xf6);
  else if (v === true) out.push(0xf5);
  else if (v === false) out.push(0xf4);
  else if (typeof v === "number") {
    if (!Number.isSafeInteger(v)) throw new Error("CBOR: only integers");
    if (v >= 0) head(out, 0, v);
    else head(out, 1, -1 - v);
  } else if (typeof v === "string") {
    const bytes = text.encode(v);
    head(out, 3, bytes.length);
    for (const b of bytes) out.push(b);
  } else if (v instanceof Uint8Array) {
    head(out, 2, v.length);
    for (const b of v) out.push(b);
  } else if (Array.isArray(v)) {
    head(out, 4, v.length);
    for (const item of v) write(out, item);
  } else if (v instanceof Tagged) {
    head(out, 6, v.tag);
    write(out, v.value);
  } else if (v instanceof Map) {
    head(out, 5, v.size);
    for (const [k, item] of v) {
      write(out, k);
      write(out, item);
    }
  } else {
    const entries = Object.entries(v).filter((e): e is [string, Cbor] => e[1] !== undefined);
    head(out, 5, entries.length);
    for (const [k, item] of entries) {
      write(out, k);
      write(out, item);
    }
  }
}

export function encodeCbor(v: Cbor): Uint8Array<ArrayBuffer> {
  const out: number[] = [];
  write(out, v);
  return Uint8Array.from(out);
}
