// One statement on PGlite in this process: the extended protocol's five messages in one call, text results.
import type { PGlite } from "@electric-sql/pglite";
import type { BackendLock } from "./backend-lock.ts";
import { BackendParser, ERROR_FIELDS, SYNC, typed } from "./pg-protocol.ts";

/** A statement's answer as Neon's HTTP endpoint gives it: every value as Postgres' text, or null. */
export interface TextResult {
  command: string;
  rowCount: number | null;
  fields: { name: string; dataTypeID: number }[];
  rows: (string | null)[][];
}

/** A Postgres ErrorResponse's fields, named as node-postgres names them. */
export class StatementError extends Error {
  readonly fields: Record<string, string>;
  constructor(fields: Record<string, string>) {
    super(fields.message ?? "database error");
    this.fields = fields;
  }
}

const cstring = (text: string) => Buffer.from(`${text}\0`);

const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

/** Parse, Bind (text parameters), Describe, Execute and Sync of the unnamed statement. */
function extendedQuery(query: string, params: readonly (string | null)[]): Buffer {
  const values = params.map((p) => {
    if (p === null) return int32(-1);
    const bytes = Buffer.from(p, "utf8");
    return Buffer.concat([int32(bytes.length), bytes]);
  });
  return Buffer.concat([
    typed("P", Buffer.concat([cstring(""), cstring(query), int16(0)])),
    typed(
      "B",
      Buffer.concat([cstring(""), cstring(""), int16(0), int16(params.length), ...values, int16(0)]),
    ),
    typed("D", Buffer.concat([Buffer.from("P"), cstring("")])),
    typed("E", Buffer.concat([cstring(""), int32(0)])),
    SYNC,
  ]);
}

/** Reads the backend's answer to `extendedQuery`: its rows, or the error it raised. */
function readAnswer(answer: Buffer): TextResult {
  const result: TextResult = { command: "", rowCount: null, fields: [], rows: [] };
  let error: StatementError | null = null;
  for (const { type, bytes } of new BackendParser().push(answer)) {
    let i = 5;
    const text = () => {
      const stop = bytes.indexOf(0, i);
      const value = bytes.toString("utf8", i, stop);
      i = stop + 1;
      return value;
    };
    if (type === "T") {
      const count = bytes.readInt16BE(i);
      i += 2;
      for (let k = 0; k < count; k++) {
        const name = text();
        result.fields.push({ name, dataTypeID: bytes.readInt32BE(i + 6) });
        i += 18;
      }
    } else if (type === "D") {
      const count = bytes.readInt16BE(i);
      i += 2;
      const row: (string | null)[] = [];
      for (let k = 0; k < count; k++) {
        const length = bytes.readInt32BE(i);
        i += 4;
        row.push(length < 0 ? null : bytes.toString("utf8", i, i + length));
        if (length > 0) i += length;
      }
      result.rows.push(row);
    } else if (type === "C") {
      const tag = text().split(" ");
      result.command = tag[0] ?? "";
      const last = Number(tag.at(-1));
      result.rowCount = Number.isInteger(last) ? last : null;
    } else if (type === "E" && !error) {
      const fields: Record<string, string> = {};
      while (i < bytes.length - 1) {
        const code = String.fromCharCode(bytes[i] ?? 0);
        i += 1;
        const value = text();
        const name = ERROR_FIELDS[code];
        if (name) fields[name] = value;
      }
      error = new StatementError(fields);
    }
  }
  if (error) throw error;
  return result;
}

/**
 * Runs one statement on PGlite once `lock` is free (no client connection is mid-transaction then), as one
 * protocol exchange: no socket, no per-message queue. PGlite's own `runExclusive` keeps pglite-socket out.
 */
export function pgliteStatements(db: PGlite, lock: BackendLock, lockWaitMs: number) {
  return (query: string, params: readonly (string | null)[]): Promise<TextResult> => {
    const owner = {};
    return new Promise<void>((granted, refused) =>
      lock.acquire(owner, lockWaitMs, granted, () =>
        refused(
          new StatementError({
            code: "57014",
            message: "the local database is busy: another connection held it too long",
          }),
        ),
      ),
    )
      .then(() =>
        db.runExclusive(async () => {
          // The streaming call, not `execProtocolRaw`: PGlite keeps the last stream's output callback, so
          // the plain call would write this answer to pglite-socket's most recent client.
          const chunks: Buffer[] = [];
          await db.execProtocolRawStream(extendedQuery(query, params), {
            onRawData: (chunk) => chunks.push(Buffer.from(chunk)),
          });
          return readAnswer(Buffer.concat(chunks));
        }),
      )
      .finally(() => lock.release(owner));
  };
}
