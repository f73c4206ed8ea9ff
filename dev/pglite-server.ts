/**
 * PGlite served over the Postgres wire protocol, for the local stack and the tests.
 *
 * PGlite is one Postgres session; many clients share it. Two rules keep them from stepping on each other:
 * - A client's extended-protocol run (Parse, Bind, Describe, Execute … up to Sync) goes to PGlite in one
 *   piece. Sent message by message, two clients' runs interleave and one of them loses its unnamed
 *   statement ("unnamed prepared statement does not exist", SQLSTATE 26000).
 * - A client with an open transaction holds the session until the transaction ends: other clients wait
 *   (first come, first served) instead of running inside it. A client that disconnects mid-transaction
 *   has it rolled back.
 * @electric-sql/pglite-socket queues single messages, so it keeps the second rule but not the first.
 */
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
/** Messages after which the client waits for an answer: Sync, simple Query, Flush. */
const RUN_ENDS = new Set(["S", "Q", "H"]);

/** A first-come, first-served lock. */
function fifoLock() {
  let tail = Promise.resolve();
  return () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const turn = tail.then(() => release);
    tail = tail.then(() => held);
    return turn;
  };
}

/**
 * The one PGlite session and its lock. Whoever runs statements on it — a wire client here, or the
 * SQL-over-HTTP stand-in in this process (dev/sql-over-http.ts) — holds the lock while it does, and keeps
 * it while a transaction it opened is open.
 */
export interface PgliteSession {
  pg: PGlite;
  acquire(): Promise<() => void>;
  /**
   * Statements the SQL-over-HTTP stand-in prepared on the session, by their text (dev/sql-over-http.ts).
   * Whoever discards the session's statements (`discard all`, dev/pglite-snapshot.ts) clears it.
   */
  prepared: Map<string, string>;
}

export function pgliteSession(pg: PGlite): PgliteSession {
  return { pg, acquire: fifoLock(), prepared: new Map() };
}

export async function servePglite(session: PgliteSession, port: number, host = "127.0.0.1") {
  const { pg, acquire } = session;
  const sockets = new Set<net.Socket>();

  // noDelay: a client's run often arrives in several small writes; with Nagle's algorithm on, the answer
  // to one waits for a delayed ACK (40 ms), which capped the local stack at a few hundred statements/s.
  const server = net.createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    let buffer = Buffer.alloc(0);
    let started = false;
    let run: Buffer[] = [];
    /** Set while this client holds the session (during one run, or across an open transaction). */
    let release: (() => void) | null = null;
    /** This client's runs, one after another. */
    let queue = Promise.resolve();
    let closed = false;

    const execute = (bytes: Buffer) => {
      queue = queue.then(async () => {
        if (closed) return;
        release ??= await acquire();
        try {
          // Dropped while it waited its turn (disconnect(), a reset for the next test file): it must not run.
          if (socket.destroyed) return;
          const out = await pg.execProtocolRaw(bytes);
          if (!socket.destroyed && out.length) socket.write(out);
        } catch {
          socket.destroy();
        } finally {
          if (!pg.isInTransaction()) {
            release();
            release = null;
          }
        }
      });
    };

    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          if (buffer.length < length) return;
          const message = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST) socket.write("N");
          else if (code === CANCEL_REQUEST) socket.end();
          else {
            started = true;
            execute(Buffer.from(message));
          }
          continue;
        }
        if (buffer.length < 5) return;
        const length = 1 + buffer.readInt32BE(1);
        if (buffer.length < length) return;
        const type = String.fromCharCode(buffer[0]!);
        const message = Buffer.from(buffer.subarray(0, length));
        buffer = buffer.subarray(length);
        if (type === "X") {
          socket.end(); // Terminate: Postgres closes the connection; so do we
          return;
        }
        run.push(message);
        if (RUN_ENDS.has(type)) {
          execute(Buffer.concat(run));
          run = [];
        }
      }
    });

    const close = () => {
      if (closed) return;
      closed = true;
      // Roll back what this client left open, then let the next client in.
      queue = queue.then(async () => {
        if (!release) return;
        if (pg.isInTransaction()) await pg.exec("rollback").catch(() => {});
        release();
        release = null;
      });
    };
    socket.on("close", () => {
      sockets.delete(socket);
      close();
    });
    socket.on("error", () => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return {
    /** Closes every client's connection (what they left open is rolled back) and goes on listening. */
    disconnect() {
      for (const socket of sockets) socket.destroy();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
