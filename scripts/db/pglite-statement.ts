// One statement on PGlite in this process: the extended protocol's five messages in one call, text results.
import type { PGlite } from "@electric-sql/pglite";
import type { BackendLock } from "./backend-lock.ts";

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

const ERROR_FIELD_NAMES: Record<string, string> = {
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

const cstring = (text: string) => Buffer.from(`${text}\0`);

function message(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

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
    message("P", cstring(""), cstring(query), int16(0)),
    message("B", cstring(""), cstring(""), int16(0), int16(params.length), ...values, int16(0)),
    message("D", Buffer.from("P"), cstring("")),
    message("E", cstring(""), int32(0)),
    message("S"),
  ]);
}

/** Reads the backend's answer to `extendedQuery`: its rows, or the error it raised. */
function readAnswer(bytes: Buffer): TextResult {
  const result: TextResult = { command: "", rowCount: null, fields: [], rows: [] };
  let error: StatementError | null = null;
  for (let at = 0; at + 5 <= bytes.length; ) {
    const type = String.fromCharCode(bytes[at] ?? 0);
    const end = at + 1 + bytes.readInt32BE(at + 1);
    let i = at + 5;
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
      while (i < end - 1) {
        const code = String.fromCharCode(bytes[i] ?? 0);
        i += 1;
        const value = text();
        const name = ERROR_FIELD_NAMES[code];
        if (name) fields[name] = value;
      }
      error = new StatementError(fields);
    }
    at = end;
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
