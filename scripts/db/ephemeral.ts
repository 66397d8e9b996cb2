// A throwaway migrated database for test runs, in its own process: prints one JSON line, lives until stdin closes.
import { migrate } from "./migrate.ts";
import { startDatabase } from "./server.ts";

const server = await startDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
await migrate(server.url);
process.stdout.write(
  `${JSON.stringify({ url: server.url, wsPort: server.wsPort, tcpPort: server.tcpPort })}\n`,
);

let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
};
// The parent (a vitest global setup) holds our stdin: when it goes away, so do we, even if it crashed.
process.stdin.on("end", close);
process.stdin.on("close", close);
process.stdin.resume();
process.on("SIGTERM", close);
process.on("SIGINT", close);
