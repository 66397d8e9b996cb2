// The service status shown on the home page, through the typed client. Deliberately without TanStack
// Query: the home page loads neither the router nor the query cache, to stay within its 90 KB budget.
import { useEffect, useState } from "react";
import { api } from "../lib/api";

export type Health =
  | { state: "pending" }
  | { state: "unreachable" }
  | { state: "done"; ok: boolean; db: boolean };

export function useHealth(): Health {
  const [health, setHealth] = useState<Health>({ state: "pending" });
  useEffect(() => {
    let alive = true;
    api.api.health
      .$get()
      // 503 still carries { ok, db }: show it rather than an error.
      .then((res) => res.json())
      .then(
        (body) => alive && setHealth({ state: "done", ok: body.ok, db: body.db }),
        () => alive && setHealth({ state: "unreachable" }),
      );
    return () => {
      alive = false;
    };
  }, []);
  return health;
}
