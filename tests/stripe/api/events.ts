// /v1/events: retrieve and list the events this server recorded (what webhooks delivered).
import { noSuch } from "../errors.ts";
import { LIST_PARAMS, listOf } from "./list.ts";
import { first, type Route, route } from "./route.ts";

export const eventRoutes: Route[] = [
  route("GET", "/v1/events/:id", (req) => {
    req.params.only(["expand"]);
    const record = req.ctx.events.records.get(first(req));
    if (!record) throw noSuch("event", first(req));
    return record.event;
  }),
  route("GET", "/v1/events", ({ ctx, params }) => {
    params.only(["type", "types", "delivery_success", ...LIST_PARAMS]);
    const type = params.nonEmpty("type");
    const types = params.strings("types");
    const delivered = params.bool("delivery_success");
    const matchesType = (t: string) =>
      (!type || (type.endsWith("*") ? t.startsWith(type.slice(0, -1)) : t === type)) &&
      (!types || types.includes(t));
    const all = ctx.events
      .list()
      .reverse()
      .filter(
        (r) =>
          matchesType(r.event.type) &&
          (delivered === undefined || r.deliveries.some((d) => d.ok) === delivered),
      )
      .map((r) => r.event);
    return listOf(all, params, "/v1/events");
  }),
];
