// The message box above a form: an error is announced at once (role "alert"), a success politely ("status").
import type { ReactNode } from "react";

export function Alert({ tone = "error", children }: { tone?: "error" | "success"; children: ReactNode }) {
  // Nothing to say, no box: callers pass the message they may or may not have.
  if (children == null || children === false || children === "") return null;
  return (
    <p className={`alert ${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}
