// Postgres wire-protocol framing for the bridge: split client streams into messages, spot ReadyForQuery.
// Reference: https://www.postgresql.org/docs/current/protocol-message-formats.html

// Startup-phase messages have no type byte: Int32 length, then an Int32 code that tells them apart.
export const SSL_REQUEST = 80877103;
export const GSSENC_REQUEST = 80877104;
export const CANCEL_REQUEST = 80877102;

// A frame larger than this is garbage (Postgres itself caps messages at 1 GB).
const MAX_MESSAGE = 1 << 30;

export interface FrontendMessage {
  /** Type byte as a character; "" for the untyped startup-phase messages. */
  type: string;
  /** For untyped messages: the request code (SSL_REQUEST, protocol version, ...). */
  code: number;
  bytes: Buffer;
}

/** Splits a client's byte stream into whole messages. Throws on a malformed frame. */
export class FrontendParser {
  private buffer: Buffer = Buffer.alloc(0);
  // Until the StartupMessage arrives every message is untyped (SSLRequest may come first).
  private startupPhase = true;

  push(chunk: Buffer): FrontendMessage[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const messages: FrontendMessage[] = [];
    for (;;) {
      const headerSize = this.startupPhase ? 8 : 5;
      if (this.buffer.length < headerSize) break;
      const length = this.startupPhase ? this.buffer.readInt32BE(0) : this.buffer.readInt32BE(1);
      const total = this.startupPhase ? length : length + 1;
      if (length < (this.startupPhase ? 8 : 4) || length > MAX_MESSAGE) {
        throw new Error(`malformed Postgres message (length ${length})`);
      }
      if (this.buffer.length < total) break;
      const bytes = this.buffer.subarray(0, total);
      this.buffer = this.buffer.subarray(total);
      if (this.startupPhase) {
        const code = bytes.readInt32BE(4);
        if (code !== SSL_REQUEST && code !== GSSENC_REQUEST && code !== CANCEL_REQUEST) {
          this.startupPhase = false;
        }
        messages.push({ type: "", code, bytes });
      } else {
        messages.push({ type: String.fromCharCode(bytes[0] ?? 0), code: 0, bytes });
      }
    }
    return messages;
  }
}

/**
 * Follows the server's byte stream without buffering it (results can be large) and reports the
 * transaction status byte of every ReadyForQuery ('Z'): "I" idle, "T" in a transaction, "E" failed one.
 */
export class BackendScanner {
  private header: Buffer = Buffer.alloc(0);
  private skip = 0;
  private statusNext = false;

  scan(chunk: Buffer): string[] {
    const statuses: string[] = [];
    let i = 0;
    while (i < chunk.length) {
      if (this.skip > 0) {
        if (this.statusNext) {
          statuses.push(String.fromCharCode(chunk[i] ?? 0));
          this.statusNext = false;
        }
        const n = Math.min(this.skip, chunk.length - i);
        this.skip -= n;
        i += n;
        continue;
      }
      // Type byte + Int32 length; the header may straddle chunks.
      const take = Math.min(5 - this.header.length, chunk.length - i);
      this.header = Buffer.concat([this.header, chunk.subarray(i, i + take)]);
      i += take;
      if (this.header.length < 5) break;
      this.skip = this.header.readInt32BE(1) - 4;
      this.statusNext = this.header[0] === 0x5a && this.skip > 0; // 'Z'
      this.header = Buffer.alloc(0);
    }
    return statuses;
  }
}

// Extended-protocol messages: once one is sent, nothing is settled until the client's Sync.
const EXTENDED = new Set(["P", "B", "E", "D", "C"]);

/**
 * Where a server session stands between requests, followed from both sides of one connection: the
 * ReadyForQuery answers still owed (for a startup, a simple query, a function call, a Sync), whether an
 * extended-protocol batch waits for its Sync, and the last transaction status.
 */
export class SessionProgress {
  private readonly scanner = new BackendScanner();
  private owed = 0;
  private unsynced = false;
  private status = "I";

  /** A client message (type "" for a startup-phase one) on its way to the server. */
  sent(type: string): void {
    if (type === "" || type === "Q" || type === "F") this.owed++;
    else if (type === "S") {
      this.owed++;
      this.unsynced = false;
    } else if (EXTENDED.has(type)) this.unsynced = true;
  }

  /** Server bytes, as they arrive. */
  received(chunk: Buffer): void {
    for (const status of this.scanner.scan(chunk)) {
      this.owed = Math.max(0, this.owed - 1);
      this.status = status;
    }
  }

  /** Every request answered: the server waits for the client. */
  get answered(): boolean {
    return this.owed === 0;
  }

  /** Half an extended-protocol batch is on the server, waiting for its Sync. */
  get unsyncedBatch(): boolean {
    return this.unsynced;
  }

  /** Answered, nothing half-sent, outside any transaction: another client could use the session now. */
  get idle(): boolean {
    return this.owed === 0 && !this.unsynced && this.status === "I";
  }
}

export interface BackendMessage {
  type: string;
  bytes: Buffer;
}

/**
 * Splits a server's byte stream into whole messages: for the small exchanges (startup, a reset) and for a
 * whole answer already in hand, not for results streamed to a client.
 */
export class BackendParser {
  private buffer: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): BackendMessage[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const messages: BackendMessage[] = [];
    while (this.buffer.length >= 5) {
      const total = this.buffer.readInt32BE(1) + 1;
      if (total < 5 || total > MAX_MESSAGE)
        throw new Error(`malformed Postgres message (length ${total - 1})`);
      if (this.buffer.length < total) break;
      const bytes = this.buffer.subarray(0, total);
      this.buffer = this.buffer.subarray(total);
      messages.push({ type: String.fromCharCode(bytes[0] ?? 0), bytes });
    }
    return messages;
  }
}

/** AuthenticationOk: the server has let the client in (what follows is the session's greeting). */
export const isAuthenticationOk = (message: BackendMessage): boolean =>
  message.type === "R" && message.bytes.length >= 9 && message.bytes.readInt32BE(5) === 0;

/** An ErrorResponse's field codes, by the names node-postgres (and so `neon()`) gives them. */
export const ERROR_FIELDS: Readonly<Record<string, string>> = {
  S: "severity",
  C: "code",
  M: "message",
  D: "detail",
  H: "hint",
  P: "position",
  p: "internalPosition",
  q: "internalQuery",
  W: "where",
  s: "schema",
  t: "table",
  c: "column",
  d: "dataType",
  n: "constraint",
  F: "file",
  L: "line",
  R: "routine",
};

/** A typed protocol message: its type byte, its length, then `body`. */
export function typed(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0, "latin1");
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

export const SYNC = typed("S", Buffer.alloc(0));

export function simpleQuery(sql: string): Buffer {
  return typed("Q", Buffer.from(`${sql}\0`));
}

/** An ErrorResponse the client's driver will surface as a normal database error. */
export function errorResponse(severity: "ERROR" | "FATAL", sqlstate: string, message: string): Buffer {
  const field = (code: string, value: string) => `${code}${value}\0`;
  const body = field("S", severity) + field("V", severity) + field("C", sqlstate) + field("M", message);
  return typed("E", Buffer.from(`${body}\0`));
}
