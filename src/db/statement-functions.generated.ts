// Written by scripts/db/statement-functions.ts: the statement functions the migrations make.
export const STATEMENT_FUNCTIONS: ReadonlySet<string> = new Set<string>([
  "stmt_1ggt122cy4p",
  "stmt_1l1jsth0w3u",
  "stmt_1prrfgsek1w",
  "stmt_2aty6u6ztj8",
  "stmt_2ciedd7pe8e",
  "stmt_ijndwkbn4q",
  "stmt_ll2fittw4l",
  "stmt_m47jjo9xzp",
  "stmt_winx21tenl",
]);
