import { describe, expect, it } from "vitest";
import { readZip } from "../test/zip";
import { uniqueNames, zipStream, type ZipEntry } from "./zip";

const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());
const text = (s: string) => new TextEncoder().encode(s);

describe("zipStream", () => {
  it("writes a stored ZIP that reads back name for name and byte for byte", async () => {
    const entries: ZipEntry[] = [
      { name: "a.txt", bytes: async () => text("hello") },
      { name: "ünïcode.png", bytes: async () => new Uint8Array(70_000).map((_, i) => i % 251) },
      { name: "empty", bytes: async () => new Uint8Array(0) },
    ];
    const files = readZip(await bytesOf(zipStream(entries)));
    expect(files.map((f) => f.name)).toEqual(["a.txt", "ünïcode.png", "empty"]);
    expect(new TextDecoder().decode(files[0]!.data)).toBe("hello");
    expect(files[1]!.data).toEqual(new Uint8Array(70_000).map((_, i) => i % 251));
    expect(files.every((f) => f.method === 0)).toBe(true);
  });

  it("makes each file only when the reader gets to it (one in memory at a time)", async () => {
    const made: string[] = [];
    async function* files() {
      for (const name of ["1", "2", "3"])
        yield {
          name,
          bytes: async () => {
            made.push(name);
            return text(name);
          },
        };
    }
    const reader = zipStream(files()).getReader();
    await reader.read(); // the first header
    expect(made).toEqual(["1"]);
    await reader.read(); // the first file's data
    expect(made).toEqual(["1"]);
    await reader.read(); // the second header
    expect(made).toEqual(["1", "2"]);
    await reader.cancel();
  });

  it("an empty archive is a valid ZIP with no entries", async () => {
    expect(readZip(await bytesOf(zipStream([])))).toEqual([]);
  });
});

describe("uniqueNames", () => {
  it("numbers repeats before the extension", () => {
    expect(uniqueNames(["a.png", "a.png", "b.png", "a.png", "a-2.png"])).toEqual(["a.png", "a-2.png", "b.png", "a-3.png", "a-2-2.png"]);
  });
});
