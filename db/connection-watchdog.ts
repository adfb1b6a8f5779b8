import net from "node:net";

/**
 * Sockets for postgres.js (its `socket` option) that are closed when PostgreSQL stops answering.
 *
 * A half-open connection (the server or a proxy in between gone without a word, a network path
 * dropping packets) never errors: postgres.js would wait for the answer forever, and every request
 * whose query landed on that connection would hang. PostgreSQL's own timeouts cannot help, as the
 * query never reaches it. So each socket is watched: once a request has gone out, an answer must
 * come back (some bytes at least: the server answers every statement within statement_timeout,
 * cancelled or not) within `answerWithinMs`, or the socket is destroyed with an ETIMEDOUT error.
 * postgres.js then fails the queries on it (the application answers its friendly 503 page) and
 * opens a fresh connection for the next query, so the pool recovers by itself.
 *
 * Unencrypted connections are watched exactly: every write starts the clock and only a complete
 * answer (ending with ReadyForQuery) stops it, so an answer that stops halfway counts too. Over TLS
 * the bytes are opaque and postgres.js takes over the socket's events, so the socket's byte
 * counters are compared instead: a request sent and nothing received since.
 */
export function watchedSocketFactory({ answerWithinMs }: { answerWithinMs: number }) {
  const watched = new Set<Watch>();
  let timer: ReturnType<typeof setInterval> | null = null;
  const checkEveryMs = Math.max(20, Math.min(100, Math.floor(answerWithinMs / 10)));

  function check() {
    const now = Date.now();
    for (const watch of watched) {
      if (watch.socket.destroyed) watched.delete(watch);
      else watch.check(now);
    }
    if (watched.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  return (options: { host: string[]; port: number[]; path?: string | false }) => {
    const socket = options.path
      ? net.connect(options.path)
      : net.connect(options.port[0] ?? 5432, options.host[0] ?? "localhost");
    // postgres.js reads these (the TLS server name, error messages).
    Object.assign(socket, { host: options.host[0], port: options.port[0] });
    watched.add(new Watch(socket, answerWithinMs));
    timer ??= setInterval(check, checkEveryMs);
    timer.unref();
    return socket;
  };
}

// Sent first when TLS is wanted: Int32 8, Int32 80877103.
const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 4, 210, 22, 47]);

class Watch {
  /** When the current request went out (null: nothing is awaited). */
  private awaitingSince: number | null = null;
  private lastActivity = Date.now();
  private tail = Buffer.alloc(0);
  private encrypted = false;
  private bytesRead = 0;
  private bytesWritten = 0;

  constructor(
    readonly socket: net.Socket,
    private readonly answerWithinMs: number,
  ) {
    const write = socket.write;
    socket.write = ((...args: Parameters<net.Socket["write"]>) => {
      const [chunk] = args;
      if (!this.encrypted && Buffer.isBuffer(chunk) && chunk.subarray(0, 8).equals(SSL_REQUEST)) this.encrypted = true;
      if (!this.encrypted) this.sent();
      return write.apply(socket, args);
    }) as net.Socket["write"];
    socket.on("data", (chunk: Buffer) => {
      if (this.encrypted) return;
      this.lastActivity = Date.now();
      this.tail = Buffer.concat([this.tail, chunk]).subarray(-6);
      if (endsWithReadyForQuery(this.tail)) this.awaitingSince = null;
    });
  }

  private sent() {
    this.lastActivity = Date.now();
    this.awaitingSince ??= this.lastActivity;
  }

  check(now: number) {
    if (this.encrypted) {
      const read = this.socket.bytesRead;
      const written = this.socket.bytesWritten;
      if (read !== this.bytesRead) {
        // Something came back: taken as the answer (the bytes cannot tell more).
        this.awaitingSince = null;
        this.lastActivity = now;
      } else if (written !== this.bytesWritten) {
        this.sent();
      }
      this.bytesRead = read;
      this.bytesWritten = written;
    }
    if (this.awaitingSince !== null && now - this.lastActivity > this.answerWithinMs) {
      const error = Object.assign(new Error(`database did not answer within ${this.answerWithinMs} ms`), {
        code: "ETIMEDOUT",
      });
      this.socket.destroy(error);
    }
  }
}

/** True when the last bytes received are a ReadyForQuery message ('Z', length 5, transaction status). */
function endsWithReadyForQuery(tail: Buffer) {
  return (
    tail.length === 6 &&
    tail[0] === 0x5a &&
    tail.readUInt32BE(1) === 5 &&
    (tail[5] === 0x49 || tail[5] === 0x54 || tail[5] === 0x45)
  );
}
