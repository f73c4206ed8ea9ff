import net from "node:net";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { dbLink, OPEN_ROUND_TRIPS } from "./db-link";
import { startWsProxy } from "./postgres";

const WebSocket = createRequire(import.meta.url)("ws") as typeof import("ws").WebSocket;

/** A TCP echo server that counts how many connections it holds at once. */
async function echoServer() {
  let open = 0;
  let peak = 0;
  const server = net.createServer((sock) => {
    peak = Math.max(peak, ++open);
    sock.on("data", (d) => sock.write(d));
    sock.on("close", () => open--);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { port: (server.address() as net.AddressInfo).port, peak: () => peak, close: () => server.close() };
}

describe("the local WebSocket proxy", () => {
  it("holds at most maxBackend server connections; the rest wait their turn and still get through", async () => {
    const echo = await echoServer();
    const proxy = await startWsProxy({ host: "127.0.0.1", port: echo.port }, 2);
    try {
      const replies = await Promise.all(
        Array.from(
          { length: 6 },
          (_, i) =>
            new Promise<string>((resolve, reject) => {
              const ws = new WebSocket(`ws://${proxy.proxy}`);
              ws.on("open", () => ws.send(Buffer.from(`hello ${i}`)));
              ws.on("message", (data: Buffer) => {
                // hold the connection a moment so the others must queue, then let it go
                setTimeout(() => ws.close(), 30);
                resolve(data.toString());
              });
              ws.on("error", reject);
            }),
        ),
      );
      expect(replies.sort()).toEqual(Array.from({ length: 6 }, (_, i) => `hello ${i}`));
      expect(echo.peak()).toBe(2);
    } finally {
      await proxy.stop();
      echo.close();
    }
  });

  it("plays the distance to the database: each answer held one round trip, the first also the opening's; counted", async () => {
    const echo = await echoServer();
    const link = dbLink(15);
    const proxy = await startWsProxy({ host: "127.0.0.1", port: echo.port }, 2, link);
    try {
      const ws = new WebSocket(`ws://${proxy.proxy}`);
      await new Promise((resolve, reject) => (ws.on("open", resolve), ws.on("error", reject)));
      const exchange = (text: string) =>
        new Promise<{ reply: string; ms: number }>((resolve) => {
          const start = performance.now();
          ws.once("message", (data: Buffer) => resolve({ reply: data.toString(), ms: performance.now() - start }));
          ws.send(Buffer.from(text));
        });
      const first = await exchange("one");
      const second = await exchange("two");
      expect([first.reply, second.reply]).toEqual(["one", "two"]);
      expect(first.ms).toBeGreaterThanOrEqual((OPEN_ROUND_TRIPS + 1) * 15 - 1);
      expect(second.ms).toBeGreaterThanOrEqual(15 - 1);
      expect(link).toMatchObject({ connects: 1, session: 2, http: 0, httpAsStatements: 0 });
      ws.close();
    } finally {
      await proxy.stop();
      echo.close();
    }
  });
});
