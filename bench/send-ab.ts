// `node bench/send-ab.ts <checkout> <checkout>…`: when the provider is asked after a send, for builds of several
// checkouts (git worktrees) served side by side from one database and one upstream, their sends interleaved —
// on a noisy machine the only fair way to compare two commits' send paths. Not part of `npm run bench`.
import { resolve } from "node:path";
import pg from "pg";
import { benchServing, type ServedApp } from "../scripts/lib/build.ts";
import { startEphemeralDb } from "../tests/setup/ephemeral-db.ts";
import { benchExpert, benchHeaders, postSend } from "./accounts.ts";
import { startBenchUpstream } from "./upstream.ts";

const checkouts = process.argv.slice(2).map((dir) => resolve(dir));
const ROUNDS = Number(process.env.BENCH_RUNS ?? 25);
if (checkouts.length === 0) throw new Error("usage: node bench/send-ab.ts <checkout> [<checkout>…]");

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const db = await startEphemeralDb();
const upstream = await startBenchUpstream({ tokens: 5, intervalMs: 1, firstDelayMs: 5 });
const apps: ServedApp[] = [];
const home = process.cwd();
try {
  // Each checkout builds with its own code and its own node_modules (build.ts finds them from the cwd). The
  // serving is chosen here: a checkout from before it could be chosen serves through `wrangler dev`, so compare
  // checkouts that both know it.
  const via = benchServing();
  for (const dir of checkouts) {
    process.chdir(dir);
    const { serveBuiltApp } = (await import(
      `${dir}/scripts/lib/build.ts`
    )) as typeof import("../scripts/lib/build.ts");
    console.log(`building ${dir}…`);
    apps.push(
      await serveBuiltApp(
        "send-ab",
        {
          DATABASE_URL: db.url,
          DB_WS_PROXY: `127.0.0.1:${db.wsPort}`,
          APP_ENV: "test",
          OPENAI_BASE_URL: upstream.baseUrl,
          OPENAI_API_KEY: "bench",
        },
        via,
      ),
    );
  }
  process.chdir(home);

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  let accounts = 0;
  // An account per exchange pair: the fair-usage rate would refuse one account's hundreds of sends.
  const account = async (origin: string) =>
    benchHeaders(await benchExpert(client, `send-ab-${Date.now()}-${++accounts}@bench.test`), origin);
  /** A send (new chat, or a question more in `chatId`): ms until the upstream had the request, then read to its end. */
  const send = async (origin: string, headers: Record<string, string>, chatId?: number) => {
    const t0 = performance.now();
    const res = await postSend(origin, headers, { model: "gpt-5-mini", chatId });
    const body = (await res.json()) as { chat: { id: number } };
    if (res.status !== 201) throw new Error(`send answered ${res.status}: ${JSON.stringify(body)}`);
    const asked = (upstream.firstRequestSince(t0) ?? Number.NaN) - t0;
    const id = chatId ?? body.chat.id;
    await (await fetch(`${origin}/api/chat/${id}/stream`, { headers })).text();
    return { asked, id };
  };

  const asked = apps.map(() => ({ created: [] as number[], existing: [] as number[] }));
  // One warm-up exchange each (module load, first object, first connection).
  for (const app of apps) await send(app.url, await account(app.url));
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating order: neither build always goes first after the pause.
    const order = round % 2 ? [...apps.keys()].reverse() : [...apps.keys()];
    for (const i of order) {
      const app = apps[i] as ServedApp;
      const headers = await account(app.url);
      const first = await send(app.url, headers);
      asked[i]?.created.push(first.asked);
      // Past the new chat's title, which the object writes after the answer.
      await new Promise((r) => setTimeout(r, 300));
      asked[i]?.existing.push((await send(app.url, headers, first.id)).asked);
    }
  }
  await client.end();
  console.log(`\nprovider asked after the send, p50 of ${ROUNDS} interleaved rounds\n`);
  console.log("| checkout | new chat | a question more |\n|---|---|---|");
  for (const [i, dir] of checkouts.entries()) {
    const a = asked[i];
    console.log(
      `| ${dir} | ${p50(a?.created ?? []).toFixed(1)} ms | ${p50(a?.existing ?? []).toFixed(1)} ms |`,
    );
  }
} finally {
  process.chdir(home);
  for (const app of apps) await app.stop();
  await upstream.close();
  await db.close();
}
