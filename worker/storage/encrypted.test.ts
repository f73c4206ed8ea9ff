import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { getConfig } from "../config";
import { decryptBytes, encryptBytes, getDecrypted, putEncrypted } from "./encrypted";

const config = () => getConfig(env);

describe("encrypted storage", () => {
  it("round-trips and never stores the plaintext", async () => {
    const plain = new TextEncoder().encode("\x89PNG pretend image bytes ".repeat(20));
    const keyId = await putEncrypted(env.IMAGES, config(), "t/obj", plain, "image/png");
    expect(keyId).toBe("t1");
    const raw = new Uint8Array(await (await env.IMAGES.get("t/obj"))!.arrayBuffer());
    expect(new TextDecoder().decode(raw)).not.toContain("pretend image");
    expect(raw.subarray(0, 4)).toEqual(new TextEncoder().encode("HSE1"));
    const back = await getDecrypted(env.IMAGES, config(), "t/obj");
    expect(back?.contentType).toBe("image/png");
    expect(back?.bytes).toEqual(plain);
  });

  it("uses a fresh IV for every object", async () => {
    const plain = new Uint8Array(64);
    const a = await encryptBytes(config(), plain);
    const b = await encryptBytes(config(), plain);
    expect(a.sealed).not.toEqual(b.sealed);
  });

  it("decrypts with an older key after rotation and refuses tampering", async () => {
    const oldKeys = { IMAGE_ENCRYPTION_KEYS: [{ id: "old", raw: new Uint8Array(32).fill(7) }] };
    const { sealed } = await encryptBytes(oldKeys, new Uint8Array([1, 2, 3]));
    const rotated = { IMAGE_ENCRYPTION_KEYS: [{ id: "new", raw: new Uint8Array(32).fill(9) }, ...oldKeys.IMAGE_ENCRYPTION_KEYS] };
    expect(await decryptBytes(rotated, sealed)).toEqual(new Uint8Array([1, 2, 3]));
    const tampered = sealed.slice();
    tampered[tampered.length - 1]! ^= 1;
    await expect(decryptBytes(rotated, tampered)).rejects.toThrow();
    expect(await getDecrypted(env.IMAGES, config(), "missing")).toBeNull();
  });
});

describe("storage keys", () => {
  it("deleting a prefix removes exactly that user's or headshot's objects", async () => {
    const { deletePrefix, downloadCacheKey, headshotPrefix, originalKey, resultKey, userPrefix } = await import("./keys");
    const put = (k: string) => env.IMAGES.put(k, "x");
    await Promise.all([
      put(originalKey("ua", "h1")),
      put(resultKey("ua", "h1")),
      put(downloadCacheKey("ua", "h1", "abc")),
      put(originalKey("ua", "h2")),
      put(originalKey("ub", "h3")),
    ]);
    expect(await deletePrefix(env.IMAGES, headshotPrefix("ua", "h1"))).toBe(3);
    expect(await env.IMAGES.head(originalKey("ua", "h2"))).not.toBeNull();
    expect(await deletePrefix(env.IMAGES, userPrefix("ua"))).toBe(1);
    expect(await env.IMAGES.head(originalKey("ub", "h3"))).not.toBeNull();
  });
});
