// `npm run bench`, last step: issue #21's figures in one table, each beside its goal, from what the benches
// before it recorded (bench/results.ts). A figure no bench measured this time says so.
import { type FigureKey, readFigures } from "./results.ts";

const ROWS: [FigureKey, string, string][] = [
  [
    "firstTokenAdded",
    "first token seen by the user: through Worker + DO minus upstream alone, p50",
    "≤ +10 ms",
  ],
  ["firstTokenAddedExistingChat", "the same, a question more in an existing chat, p50", "≤ +10 ms"],
  ["streams", "concurrent live streams (100 tokens @ 20 ms), errors", "500 → 0 errors"],
  ["openBigChat", "open a 1,000-message chat by full page load, until interactive, p50", "≤ 400 ms"],
  ["lighthouseChat", "Lighthouse performance, chat screen `/app/a/default` signed in, mobile", "≥ 95"],
  ["lighthouseAnswer", "Lighthouse performance, a chat with an answer, signed in, mobile", "≥ 95"],
  ["lighthousePricing", "Lighthouse performance, `/pricing`, mobile", "≥ 95"],
  ["lighthouseShared", "Lighthouse performance, a shared chat `/shared/…`, mobile", "≥ 95"],
  ["lighthouseHome", "Lighthouse, home `/` mobile / desktop", "keep 98 / 100"],
  ["relay", "relay of the first token once the upstream wrote it, p50", "keep ≤ 3 ms"],
];

const figures = readFigures();
console.log("\nIssue #21's figures (`npm run bench`, this machine)\n");
console.log("| figure | now | goal | measured |\n|---|---|---|---|");
for (const [key, label, goal] of ROWS) {
  const figure = figures[key];
  console.log(
    `| ${label} | ${figure?.value ?? "not measured"} | ${goal} | ${figure?.at.slice(0, 16) ?? ""} |`,
  );
}
