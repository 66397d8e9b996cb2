// The figures issue #21 tracks, each written by the bench that measures it, for bench/summary.ts's one table.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const RESULTS_FILE = join(dirname(fileURLToPath(import.meta.url)), "out", "figures.json");

export type FigureKey =
  | "firstTokenAdded"
  | "firstTokenAddedExistingChat"
  | "streams"
  | "openBigChat"
  | "lighthouseChat"
  | "lighthouseHome"
  | "lighthousePricing"
  | "lighthouseAnswer"
  | "lighthouseShared"
  | "relay";

export type Figures = Partial<Record<FigureKey, { value: string; at: string }>>;

export function readFigures(): Figures {
  try {
    return JSON.parse(readFileSync(RESULTS_FILE, "utf8")) as Figures;
  } catch {
    return {};
  }
}

/** Keeps the newest value of a figure beside the others (bench/out is not committed). */
export function recordFigure(key: FigureKey, value: string): void {
  const figures = readFigures();
  figures[key] = { value, at: new Date().toISOString() };
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(figures, null, 2)}\n`);
}
