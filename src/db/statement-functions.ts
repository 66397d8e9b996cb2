// The hottest statements as the database's own functions: parsed and planned once per connection, not per send.
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { isPostgresError, type Statements } from "./client";
import { STATEMENT_FUNCTIONS } from "./statement-functions.generated";

const dialect = new PgDialect();

/**
 * cyrb53: a statement text's 53-bit fingerprint. Equal names mean equal texts (the functions are few, and
 * `scripts/db/statement-functions.ts` refuses a collision when it writes them).
 */
function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The function a migration made for exactly this statement text (`hot.stmt_…`). */
export const statementFunctionName = (text: string): string => `stmt_${fingerprint(text)}`;

/** A statement's text and parameters as the driver sends them. */
export const statementText = (query: SQL) => dialect.sqlToQuery(query);

/**
 * The statement as a call of its function, with the same parameters and the same result (the function's body
 * is the statement, `RETURN QUERY`). Postgres keeps a function's plans for the connection's life, where an
 * ad-hoc statement is parsed, analysed and planned on every send: ~1.1 ms of the send statement's 2.7 in
 * PGlite. A statement no migration holds (its text changed since: `tests/worker/statement-functions.test.ts`
 * says so) runs as it is.
 */
export function viaFunction(query: SQL, known: ReadonlySet<string> = STATEMENT_FUNCTIONS): SQL {
  const { sql: text, params } = statementText(query);
  const name = statementFunctionName(text);
  if (!known.has(name)) return query;
  return sql`select * from ${sql.identifier("hot")}.${sql.identifier(name)}(${sql.join(
    params.map((param) => sql`${param}`),
    sql`, `,
  )})`;
}

const UNDEFINED_FUNCTION = "42883";

/**
 * The first row of the statement, run as its function (`viaFunction`). A database without the function yet
 * (this Worker deployed before its migration ran) runs the statement itself: nothing was done by the failed
 * call, which Postgres refuses before running anything. Not inside a transaction, which that refusal aborts.
 */
export async function firstRowViaFunction<T>(
  db: Statements,
  query: SQL,
  known: ReadonlySet<string> = STATEMENT_FUNCTIONS,
): Promise<T | undefined> {
  const call = viaFunction(query, known);
  try {
    return (await db.execute(call)).rows[0] as T | undefined;
  } catch (err) {
    if (call === query || !isPostgresError(err, UNDEFINED_FUNCTION)) throw err;
    return (await db.execute(query)).rows[0] as T | undefined;
  }
}
