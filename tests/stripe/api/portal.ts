// /v1/billing_portal/sessions: a session for one customer, whose `url` is the hosted portal page.
import { invalidRequest } from "../errors.ts";
import { newId } from "../ids.ts";
import type { PortalSession } from "../wire.ts";
import { type Route, route } from "./route.ts";

export const portalRoutes: Route[] = [
  route("POST", "/v1/billing_portal/sessions", ({ ctx, params }) => {
    params.only(
      ["customer", "return_url", "configuration", "locale", "expand"],
      ["after_expiration", "customer_account", "flow_data", "on_behalf_of"],
    );
    const customer = ctx.store.customer(params.reqStr("customer"));
    const returnUrl = params.nonEmpty("return_url") ?? null;
    if (returnUrl) {
      try {
        new URL(returnUrl);
      } catch {
        throw invalidRequest("Not a valid URL", "return_url", "url_invalid");
      }
    }
    ctx.store.portalConfiguration ??= newId("bpc");
    const configuration = params.nonEmpty("configuration") ?? ctx.store.portalConfiguration;
    if (configuration !== ctx.store.portalConfiguration) {
      throw invalidRequest(
        `No such configuration: '${configuration}'`,
        "configuration",
        "resource_missing",
        404,
      );
    }
    const id = newId("bps");
    const session: PortalSession = {
      id,
      object: "billing_portal.session",
      configuration,
      created: ctx.store.now(),
      customer: customer.id,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: (params.nonEmpty("locale") ?? null) as PortalSession["locale"],
      on_behalf_of: null,
      return_url: returnUrl,
      url: `${ctx.base}/p/session/${id}`,
    };
    ctx.store.portalSessions.set(id, session);
    ctx.events.emit("billing_portal.session.created", session);
    return session;
  }),
];
