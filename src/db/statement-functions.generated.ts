// Written by scripts/db/statement-functions.ts: the statement functions the migrations make.
export const STATEMENT_FUNCTIONS: ReadonlySet<string> = new Set<string>([
  "stmt_1bjm961eaqc",
  "stmt_1ggt122cy4p",
  "stmt_1prrfgsek1w",
  "stmt_1ud6ahpnzjd",
  "stmt_2ciedd7pe8e",
  "stmt_kq5pcxijc0",
  "stmt_ll2fittw4l",
  "stmt_qx27ab5eci",
  "stmt_winx21tenl",
]);
