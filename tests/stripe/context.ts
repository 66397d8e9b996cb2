// What every handler gets: the state, the event log, and where the server is reachable.
import type { Store } from "./state.ts";
import type { EventLog } from "./webhooks/events.ts";

export interface Ctx {
  store: Store;
  events: EventLog;
  /** http://host:port, for the URLs of hosted pages. */
  base: string;
}
