// Neon's HTTP query endpoint (POST /sql), as @neondatabase/serverless's `neon()` speaks it, for the local database.
import type { IncomingMessage, ServerResponse } from "node:http";
import pg from "pg";
import { ERROR_FIELDS } from "./pg-protocol.ts";
import { StatementError, type TextResult } from "./pglite-statement.ts";

/** Runs one statement for a request that named `target` (its Neon-Connection-String). */
export type StatementRunner = (
  query: string,
  params: readonly (string | null)[],
  target: string,
) => Promise<TextResult>;

/** What `neon()` posts: one statement, its parameters already as Postgres text (or null). */
interface HttpQuery {
  query: string;
  params?: (string | null)[];
}

/** Every value back as Postgres wrote it: `neon()` with raw text output parses by type itself. */
const rawText = { getTypeParser: () => (value: string) => value };

/** A real Postgres: a pooled node-postgres connection to the database the request names. */
function pooledStatements(): { run: StatementRunner; close: () => Promise<unknown> } {
  const pools = new Map<string, pg.Pool>();
  const poolFor = (connectionString: string) => {
    let pool = pools.get(connectionString);
    if (!pool) {
      pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 30_000 });
      pool.on("error", () => {}); // an idle connection dropped: the next query opens another
      pools.set(connectionString, pool);
    }
    return pool;
  };
  return {
    run: async (query, params, target) => {
      try {
        const result = await poolFor(target).query({
          text: query,
          values: [...params],
          rowMode: "array",
          types: rawText,
        });
        return {
          command: result.command,
          rowCount: result.rowCount,
          fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
          rows: result.rows,
        };
      } catch (error) {
        const e = error as Record<string, unknown>;
        if (typeof e.code !== "string") throw error;
        // The fields `neon()` copies from a 400's body onto the error it throws, as the WebSocket driver's.
        const fields = Object.values(ERROR_FIELDS).flatMap((name) =>
          typeof e[name] === "string" ? [[name, e[name]]] : [],
        );
        throw new StatementError({ ...Object.fromEntries(fields), message: String(e.message) });
      }
    },
    close: () => Promise.all([...pools.values()].map((pool) => pool.end())),
  };
}

/**
 * Answers as Neon does: `{ command, rowCount, fields, rows }` with rows as arrays of text, or a 400 carrying
 * the Postgres error. `run` is PGlite in this process (src: pglite-statement.ts); without it each statement
 * goes to the real Postgres the request's `Neon-Connection-String` names. Batches (`queries`, as
 * `neon().transaction` sends) are not served: the app sends single statements this way.
 */
export function httpSql(run?: StatementRunner) {
  const pooled = run ? null : pooledStatements();
  const runStatement = run ?? (pooled as NonNullable<typeof pooled>).run;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const target = req.headers["neon-connection-string"];
    if (req.method !== "POST" || typeof target !== "string") {
      return reply(400, { message: "POST /sql with a Neon-Connection-String header" });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: HttpQuery;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as HttpQuery;
    } catch {
      return reply(400, { message: "the body is not JSON" });
    }
    if (typeof body.query !== "string") return reply(400, { message: "only single queries are served here" });
    try {
      reply(200, { ...(await runStatement(body.query, body.params ?? [], target)), rowAsArray: true });
    } catch (error) {
      if (!(error instanceof StatementError)) throw error;
      reply(400, { message: error.message, ...error.fields });
    }
  }

  return {
    handle: (req: IncomingMessage, res: ServerResponse) => {
      handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ message: String((error as Error).message ?? error) }));
      });
    },
    close: async () => {
      await pooled?.close();
    },
  };
}
