// A message box: an error is announced at once (role "alert"); a success or a piece of news politely ("status").
import type { ReactNode } from "react";

export function Alert({
  tone = "error",
  testId,
  children,
}: {
  tone?: "error" | "success" | "info";
  /** For the browser journeys. */
  testId?: string;
  children: ReactNode;
}) {
  // Nothing to say, no box: callers pass the message they may or may not have.
  if (children == null || children === false || children === "") return null;
  return (
    <div className={`alert ${tone}`} role={tone === "error" ? "alert" : "status"} data-testid={testId}>
      {children}
    </div>
  );
}
