// CLI: runs the fake upstreams until interrupted and prints the env to merge (node tests/upstreams/serve.ts [port]).
import { startUpstreams } from "./index.ts";

const port = Number(process.argv[2] ?? process.env.UPSTREAMS_PORT ?? 0);
const upstreams = await startUpstreams({ port: Number.isInteger(port) ? port : 0 });
for (const [name, value] of Object.entries(upstreams.env)) console.log(`${name}=${value}`);

const stop = () => {
  upstreams.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
