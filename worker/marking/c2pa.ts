/**
 * Content Credentials (C2PA 2.x) on every picture the product delivers (issue 48, decision 320): a manifest
 * store with one manifest — the actions (`c2pa.created`, digital source type trainedAlgorithmicMedia, the
 * model as software agent; `c2pa.opened` + `c2pa.edited` with the parent version as a `parentOf` ingredient
 * for refines and quick changes), a hard binding (`c2pa.hash.data` over the whole file but the store), the
 * claim (v2) and its COSE_Sign1 signature (ES256 by WebCrypto, the certificate chain in the protected
 * header, label 33 x5chain). Written here, byte for byte, after the C2PA 2.1 specification's JUMBF, claim
 * and COSE sections and what c2pa-rs (the reference implementation) reads: decision 320 says why not a
 * library. Read back by c2pa-rs itself (its WASM build) in bench/c2pa-reader.test.ts.
 *
 * Containers: PNG (a `caBX` chunk after IHDR), JPEG (APP11 JPEG-XT segments "JP", after the leading
 * APP0/APP1), WebP (a `C2PA` RIFF chunk, last), TIFF (tag 0xCD41 in IFD0: IFD0 written again after the file
 * with that entry, the store last; decision 344). The hashed bytes are the file without the store: for PNG
 * and JPEG the input as it is, for WebP and TIFF the output before the store — one digest, no second copy.
 */
// A leaf module (no imports). Through the downloads index it would be a cycle (downloads sign through marking),
// and Node-side readers of this file (bench/c2pa-reader.test.ts) would type-check the whole worker.
// eslint-disable-next-line no-restricted-imports
import { concatBytes as concat, roomAround } from "../downloads/bytes";
// eslint-disable-next-line no-restricted-imports
import { crc32 } from "../downloads/crc32";
import { encodeCbor, Tagged, type Cbor, type CborMap } from "./cbor";
import { DIGITAL_SOURCE_TYPE } from "./xmp";

export const CLAIM_GENERATOR = "Headshot Studio";
const TRAINED = DIGITAL_SOURCE_TYPE;

/** The product's signing credentials: a P-256 private key and the DER certificate chain, leaf first. */
export interface SigningCredentials {
  key: CryptoKey;
  chain: Uint8Array[];
}

/** What the manifest says about how the picture was made (no person, account or place: decision 320). */
export interface Provenance {
  /**
   * The model id that made the picture (e.g. "gemini-nano-banana-2.1"), as recorded on its row at generation
   * (decision 343): the created (or refine's edited) action's software agent. Absent when not recorded: the
   * action then names no agent rather than a guess (`softwareAgent` is optional in C2PA's actions).
   */
  model?: string;
  /** A version made from another one: a refine (the model again) or a quick change (our own edits). */
  edit?: { kind: "refine" | "adjust"; parentTitle: string; parentFormat: string };
}

// ---- JUMBF (ISO/IEC 19566-5) ----

const uuid = (hex: string) => Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)));
const C2PA_SUFFIX = "00110010800000AA00389B71";
const UUIDS = {
  store: uuid("63327061" + C2PA_SUFFIX), // c2pa
  manifest: uuid("63326D61" + C2PA_SUFFIX), // c2ma
  assertions: uuid("63326173" + C2PA_SUFFIX), // c2as
  claim: uuid("6332636C" + C2PA_SUFFIX), // c2cl
  signature: uuid("63326373" + C2PA_SUFFIX), // c2cs
  cbor: uuid("63626F72" + C2PA_SUFFIX), // cbor
};
const text = new TextEncoder();

function box(type: string, payload: Uint8Array[]): Uint8Array {
  const size = 8 + payload.reduce((n, p) => n + p.length, 0);
  const head = new Uint8Array(8);
  new DataView(head.buffer).setUint32(0, size);
  head.set(text.encode(type), 4);
  return concat([head, ...payload]);
}

/** The payload of a superbox (`jumb`): its description (`jumd`: type, toggles "requestable + label", label) and content. */
function superboxPayload(type: Uint8Array, label: string, content: Uint8Array[]): Uint8Array[] {
  const jumd = box("jumd", [type, Uint8Array.of(0x03), text.encode(label + "\0")]);
  return [jumd, ...content];
}
const superbox = (type: Uint8Array, label: string, content: Uint8Array[]) => box("jumb", superboxPayload(type, label, content));

/** A CBOR assertion's superbox, and its hash as the claim references it (SHA-256 of the superbox's payload). */
async function cborAssertion(label: string, value: Cbor): Promise<{ label: string; box: Uint8Array; hash: Uint8Array }> {
  const payload = superboxPayload(UUIDS.cbor, label, [box("cbor", [encodeCbor(value)])]);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", concat(payload)));
  return { label, box: box("jumb", payload), hash };
}

// ---- containers ----

type Container = "png" | "jpeg" | "webp" | "tiff";
const PNG_IHDR_END = 8 + 12 + 13;
const JPEG_SEGMENT_DATA = 64_000; // store bytes per APP11 segment (c2pa-rs uses the same)
const APP0 = 0xe0,
  APP1 = 0xe1,
  APP11 = 0xeb;

/** The container by its signature: PNG, JPEG (SOI), WebP (RIFF…WEBP), classic TIFF (II*\0 or MM\0*); null for anything else. */
export function containerOf(b: Uint8Array): Container | null {
  const ascii = (at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
  if (b.length >= 8 && b[0] === 0x89 && ascii(1, 3) === "PNG") return "png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP") return "webp";
  if (b.length >= 8 && (ascii(0, 4) === "II*\0" || ascii(0, 4) === "MM\0*")) return "tiff"; // not BigTIFF (43)
  return null;
}

/** Bytes the container adds around a store of `n` bytes. */
function wrapperLength(container: Container, n: number): number {
  if (container === "png") return 12 + n;
  if (container === "tiff") return n; // the store is the tag's value as it is
  if (container === "webp") return 8 + n + (n & 1);
  const segments = Math.ceil(n / JPEG_SEGMENT_DATA);
  return n + segments * (2 + 2 + 2 + 2 + 4) + (segments - 1) * 8; // marker, Le, CI, En, Z; LBox+TBox again after the first
}

function wrap(container: Container, store: Uint8Array): Uint8Array {
  if (container === "tiff") return store;
  if (container === "png") {
    const chunk = new Uint8Array(12 + store.length);
    const view = new DataView(chunk.buffer);
    view.setUint32(0, store.length);
    chunk.set(text.encode("caBX"), 4);
    chunk.set(store, 8);
    view.setUint32(8 + store.length, crc32(chunk, 4, 8 + store.length));
    return chunk;
  }
  if (container === "webp") {
    const chunk = new Uint8Array(8 + store.length + (store.length & 1));
    chunk.set(text.encode("C2PA"), 0);
    new DataView(chunk.buffer).setUint32(4, store.length, true);
    chunk.set(store, 8);
    return chunk;
  }
  const parts: Uint8Array[] = [];
  for (let i = 0, z = 1; i < store.length; i += JPEG_SEGMENT_DATA, z++) {
    const data = store.subarray(i, i + JPEG_SEGMENT_DATA);
    const repeat = i === 0 ? new Uint8Array(0) : store.subarray(0, 8);
    const le = 2 + 2 + 2 + 4 + repeat.length + data.length;
    const head = new Uint8Array(12);
    const view = new DataView(head.buffer);
    head.set([0xff, APP11], 0);
    view.setUint16(2, le);
    head.set([0x4a, 0x50, 0x02, 0x11], 4); // CI "JP", En (box instance) 0x0211
    view.setUint32(8, z);
    parts.push(head, repeat, data);
  }
  return concat(parts);
}

// ---- TIFF (C2PA 2.1, "Embedding manifests into TIFF": the store is the value of tag 0xCD41, type UNDEFINED, in IFD0) ----

const TIFF_C2PA_TAG = 0xcd41;
const TIFF_UNDEFINED = 7;

/** A classic TIFF's IFD0: where it is, its entries as they are (12 bytes each), its next-IFD offset, the byte order. */
function tiffIfd0(b: Uint8Array): { little: boolean; at: number; entries: Uint8Array[]; next: number } {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const little = b[0] === 0x49;
  const at = view.getUint32(4, little);
  if (at < 8 || at + 2 > b.length) throw new Error("C2PA: the TIFF's first IFD is outside the file");
  const n = view.getUint16(at, little);
  if (at + 2 + n * 12 + 4 > b.length) throw new Error("C2PA: the TIFF's first IFD is truncated");
  const entries: Uint8Array[] = [];
  for (let i = 0; i < n; i++) entries.push(b.subarray(at + 2 + i * 12, at + 14 + i * 12));
  return { little, at, entries, next: view.getUint32(at + 2 + n * 12, little) };
}

/** Where the new IFD0 goes (after the file, word-aligned), the entries it keeps, and where the store starts after it. */
function tiffPlan(bytes: Uint8Array) {
  const ifd = tiffIfd0(bytes);
  const tagOf = (e: Uint8Array) => (ifd.little ? e[0]! | (e[1]! << 8) : (e[0]! << 8) | e[1]!);
  const kept = ifd.entries.filter((e) => tagOf(e) !== TIFF_C2PA_TAG);
  const ifdAt = bytes.length + (bytes.length & 1); // IFDs start on a word boundary
  const count = kept.length + 1;
  return { ifd, tagOf, kept, ifdAt, count, start: ifdAt + 2 + count * 12 + 4 };
}

/**
 * A TIFF laid out for its store: the file as it was (its header pointing at a new IFD0), then IFD0 again with
 * the C2PA entry (any earlier one dropped) pointing at the store, then the store, last. Strips, tiles and the
 * other IFDs keep their offsets: nothing before the new IFD moves. `storeLength` is the store's size; the
 * result has room for it at `start`, and the bytes hashed are everything before `start`.
 */
function tiffLayout(bytes: Uint8Array, storeLength: number, roomAfter = 0): { out: Uint8Array; start: number } {
  const { ifd, tagOf, kept, ifdAt, count, start } = tiffPlan(bytes);
  let out: Uint8Array;
  if (roomAfter >= start + storeLength - bytes.length) {
    // the writer's room after the file (zeros: the IFD's alignment byte too); the file is not copied
    out = new Uint8Array(bytes.buffer, bytes.byteOffset, start + storeLength);
  } else {
    out = new Uint8Array(start + storeLength);
    out.set(bytes);
  }
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setUint32(4, ifdAt, ifd.little);
  view.setUint16(ifdAt, count, ifd.little);
  const c2pa = new Uint8Array(12);
  const entry = new DataView(c2pa.buffer);
  entry.setUint16(0, TIFF_C2PA_TAG, ifd.little);
  entry.setUint16(2, TIFF_UNDEFINED, ifd.little);
  entry.setUint32(4, storeLength, ifd.little);
  entry.setUint32(8, start, ifd.little);
  // entries sorted by tag, as TIFF requires; the C2PA tag (52545) goes after every tag below it
  const sorted = [...kept, c2pa].sort((a, b) => tagOf(a) - tagOf(b));
  sorted.forEach((e, i) => out.set(e, ifdAt + 2 + i * 12));
  view.setUint32(ifdAt + 2 + count * 12, ifd.next, ifd.little);
  return { out, start };
}

/** Where the store goes, for PNG and JPEG (the input bytes are kept as they are around it). */
function insertionPoint(container: "png" | "jpeg", bytes: Uint8Array): number {
  if (container === "png") return PNG_IHDR_END;
  let o = 2;
  while (o + 4 <= bytes.length && bytes[o] === 0xff && (bytes[o + 1] === APP0 || bytes[o + 1] === APP1)) {
    o += 2 + ((bytes[o + 2]! << 8) | bytes[o + 3]!);
  }
  return o;
}

/** The input without a manifest store it may already carry (a signed file signed again gets one store). */
function withoutStore(container: Container, bytes: Uint8Array): Uint8Array {
  // a TIFF's earlier store is dropped from the IFD0 written when it is signed (tiffLayout); its bytes stay unreferenced
  if (container === "tiff") return bytes;
  const keep: Uint8Array[] = [];
  if (container === "png") {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let o = 8,
      from = 0;
    while (o + 12 <= bytes.length) {
      const end = o + 12 + view.getUint32(o);
      if (String.fromCharCode(...bytes.subarray(o + 4, o + 8)) === "caBX") {
        keep.push(bytes.subarray(from, o));
        from = end;
      }
      o = end;
    }
    if (from === 0) return bytes;
    keep.push(bytes.subarray(from));
  } else if (container === "jpeg") {
    // APP11 "JP" segments: a store starts with its superbox (LBox, "jumb") and description ("jumd", UUID "c2pa"),
    // continues in segments with the same box instance number (En)
    const isStoreStart = (o: number) => text.encode("jumdc2pa").every((b, i) => bytes[o + 24 + i] === b);
    const instances = new Set<number>();
    let o = 2,
      from = 0;
    while (o + 4 <= bytes.length && bytes[o] === 0xff && bytes[o + 1] !== 0xda) {
      const end = o + 2 + ((bytes[o + 2]! << 8) | bytes[o + 3]!);
      if (bytes[o + 1] === APP11 && bytes[o + 4] === 0x4a && bytes[o + 5] === 0x50) {
        const en = (bytes[o + 6]! << 8) | bytes[o + 7]!;
        if (isStoreStart(o)) instances.add(en);
        if (instances.has(en)) {
          keep.push(bytes.subarray(from, o));
          from = end;
        }
      }
      o = end;
    }
    if (from === 0) return bytes;
    keep.push(bytes.subarray(from));
  } else {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let o = 12,
      from = 0;
    while (o + 8 <= bytes.length) {
      const size = view.getUint32(o + 4, true);
      const end = o + 8 + size + (size & 1);
      if (String.fromCharCode(...bytes.subarray(o, o + 4)) === "C2PA") {
        keep.push(bytes.subarray(from, o));
        from = end;
      }
      o = end;
    }
    if (from === 0) return bytes;
    keep.push(bytes.subarray(from));
    const out = concat(keep);
    new DataView(out.buffer).setUint32(4, out.length - 8, true);
    return out;
  }
  return concat(keep);
}

/** The file without its manifest store, as it was before signing (tests compare deliveries signed apart; not TIFF). */
export function withoutContentCredentials(bytes: Uint8Array): Uint8Array {
  const container = containerOf(bytes);
  return container ? withoutStore(container, bytes) : bytes;
}

// ---- the manifest ----

/** The model as the action's software agent; a picture whose model was not recorded names none (decision 343). */
const byModel = (p: Provenance): CborMap => (p.model ? { softwareAgent: { name: p.model } } : {});

/**
 * For a quick change, what made the picture it opened (the row's model), on the opened action and the ingredient.
 * A refine's row records the refine's model, not its parent's: nothing is said of the parent then.
 */
const madeBy = (p: Provenance): CborMap => (p.model && p.edit?.kind === "adjust" ? { description: `Made with AI by ${p.model}` } : {});

function actions(p: Provenance): Cbor {
  if (!p.edit) return { actions: [{ action: "c2pa.created", digitalSourceType: TRAINED, ...byModel(p) }] };
  const parent = { url: "self#jumbf=c2pa.assertions/c2pa.ingredient.v3", hash: new Uint8Array(0) }; // hash set below
  return {
    actions: [
      // the version opened was itself made by the model: every file names the AI source
      { action: "c2pa.opened", digitalSourceType: TRAINED, ...madeBy(p), parameters: { ingredients: [parent] } },
      p.edit.kind === "refine"
        ? { action: "c2pa.edited", digitalSourceType: TRAINED, ...byModel(p), description: "Refined by the model" }
        : { action: "c2pa.edited", softwareAgent: { name: CLAIM_GENERATOR }, description: "Quick change (background, crop or tilt)" },
    ],
  };
}

interface Planned {
  assertions: { label: string; box: Uint8Array; hash: Uint8Array }[];
  label: string;
}

/** The assertions but the hard binding (they do not depend on where the store goes). */
async function plan(p: Provenance): Promise<Planned> {
  const list: Planned["assertions"] = [];
  if (p.edit) {
    const ingredient = await cborAssertion("c2pa.ingredient.v3", {
      "dc:title": p.edit.parentTitle,
      "dc:format": p.edit.parentFormat,
      relationship: "parentOf",
      ...madeBy(p),
    });
    list.push(ingredient);
    const a = actions(p) as { actions: CborMap[] };
    ((a.actions[0]!.parameters as CborMap).ingredients as CborMap[])[0]!.hash = ingredient.hash;
    list.push(await cborAssertion("c2pa.actions.v2", a));
  } else {
    list.push(await cborAssertion("c2pa.actions.v2", actions(p)));
  }
  return { assertions: list, label: `urn:c2pa:${crypto.randomUUID()}` };
}

const ES256_SIGNATURE = 64;

/** COSE_Sign1 (RFC 9052), detached payload: protected {alg: ES256, x5chain}, unprotected {}, signature r‖s. */
function coseSign1(protectedHeader: Uint8Array, signature: Uint8Array): Uint8Array {
  return encodeCbor(new Tagged(18, [protectedHeader, new Map(), null, signature]));
}

async function store(
  planned: Planned,
  exclusion: { start: number; length: number },
  hash: Uint8Array,
  credentials: SigningCredentials,
  sign: boolean,
  pad = 0,
): Promise<Uint8Array> {
  const binding = await cborAssertion("c2pa.hash.data", {
    exclusions: [{ start: exclusion.start, length: exclusion.length }],
    name: "jumbf manifest",
    alg: "sha256",
    hash,
    pad: new Uint8Array(pad),
  });
  const assertions = [...planned.assertions, binding];
  const claim = encodeCbor({
    instanceID: `xmp:iid:${planned.label.slice("urn:c2pa:".length)}`,
    claim_generator_info: { name: CLAIM_GENERATOR },
    signature: `self#jumbf=/c2pa/${planned.label}/c2pa.signature`,
    created_assertions: assertions.map((a) => ({ url: `self#jumbf=c2pa.assertions/${a.label}`, hash: a.hash })),
    alg: "sha256",
  });
  const protectedHeader = encodeCbor(
    new Map<number, Cbor>([
      [1, -7], // alg: ES256
      [33, credentials.chain], // x5chain, leaf first
    ]),
  );
  let signature = new Uint8Array(ES256_SIGNATURE);
  if (sign) {
    const toBeSigned = encodeCbor(["Signature1", protectedHeader, new Uint8Array(0), claim]);
    signature = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, credentials.key, toBeSigned));
  }
  const manifest = superbox(UUIDS.manifest, planned.label, [
    superbox(
      UUIDS.assertions,
      "c2pa.assertions",
      assertions.map((a) => a.box),
    ),
    superbox(UUIDS.claim, "c2pa.claim.v2", [box("cbor", [claim])]),
    superbox(UUIDS.signature, "c2pa.signature", [box("cbor", [coseSign1(protectedHeader, signature)])]),
  ]);
  return superbox(UUIDS.store, "c2pa", [manifest]);
}

/**
 * The picture with a signed C2PA manifest store (replacing one it had); the pixels and every other
 * chunk or segment as they were. Throws for a type it cannot carry a store in (BigTIFF, GIF, …).
 * `inPlace`: the caller gives the input up (it is not read again), so when its writer left room around it
 * (../downloads/bytes.ts `withRoom`) the store goes in there and the file is not copied: a PNG's signature
 * and IHDR move back in front of the store, a WebP's or TIFF's store goes after it (decision 380).
 */
export async function signImage(
  input: Uint8Array,
  credentials: SigningCredentials,
  p: Provenance,
  opts: { inPlace?: boolean } = {},
): Promise<Uint8Array> {
  const container = containerOf(input);
  if (!container) throw new Error("C2PA: only PNG, JPEG, WebP and TIFF carry a manifest store here");
  const bytes = withoutStore(container, input);
  const room = opts.inPlace ? roomAround(bytes) : undefined; // (a store taken out made a new array, without room)
  const planned = await plan(p);
  if (container === "tiff") return signTiff(bytes, planned, credentials, room?.after ?? 0);
  const start = container === "webp" ? bytes.length : insertionPoint(container, bytes);
  // The store's size depends on how long its own exclusion's numbers are in CBOR: settle it (two rounds at most).
  // A RIFF chunk of odd size is followed by a pad byte, which c2pa-rs does not count as the store's: WebP stores
  // are kept even with a byte in the hard binding's `pad`, which exists for such adjustments.
  let length = 0,
    pad = 0;
  for (let i = 0; i < 6; i++) {
    const n = (await store(planned, { start, length }, new Uint8Array(32), credentials, false, pad)).length;
    if (container === "webp" && n % 2 === 1) {
      pad = 1 - pad;
      continue;
    }
    const size = wrapperLength(container, n);
    if (size === length) break;
    length = size;
  }
  let out: Uint8Array;
  let hash: Uint8Array;
  const digest = async (b: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", b as Uint8Array<ArrayBuffer>));
  if (container === "webp") {
    if (room && room.after >= length) out = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length + length);
    else {
      out = new Uint8Array(bytes.length + length);
      out.set(bytes);
    }
    new DataView(out.buffer, out.byteOffset).setUint32(4, out.length - 8, true);
    hash = await digest(out.subarray(0, start));
  } else {
    hash = await digest(bytes); // the output without [start, start + length) is the input as it was
    if (room && room.before >= length) {
      out = new Uint8Array(bytes.buffer, bytes.byteOffset - length, bytes.length + length);
      out.copyWithin(0, length, length + start); // the bytes before the store move back; the rest stays where it is
    } else {
      out = new Uint8Array(bytes.length + length);
      out.set(bytes.subarray(0, start));
      out.set(bytes.subarray(start), start + length);
    }
  }
  const wrapped = wrap(container, await store(planned, { start, length }, hash, credentials, true, pad));
  if (wrapped.length !== length) throw new Error("C2PA: the manifest store changed size while signing");
  out.set(wrapped, start);
  return out;
}

/** A TIFF's store: its length settled (its exclusion's numbers are part of it), then the file laid out, hashed and signed. */
async function signTiff(bytes: Uint8Array, planned: Planned, credentials: SigningCredentials, roomAfter: number): Promise<Uint8Array> {
  const { start } = tiffPlan(bytes);
  let length = 0;
  for (let i = 0; i < 6; i++) {
    const n = (await store(planned, { start, length }, new Uint8Array(32), credentials, false)).length;
    if (n === length) break;
    length = n;
  }
  const { out, start: at } = tiffLayout(bytes, length, roomAfter);
  if (at !== start) throw new Error("C2PA: the TIFF layout moved while signing");
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", out.subarray(0, start) as Uint8Array<ArrayBuffer>));
  const signed = await store(planned, { start, length }, hash, credentials, true);
  if (signed.length !== length) throw new Error("C2PA: the manifest store changed size while signing");
  out.set(signed, start);
  return out;
}
