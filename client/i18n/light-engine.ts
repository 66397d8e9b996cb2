// The home page's translation engine: the same catalogues, resolved by src/domain/message-format.ts, so
// the first visit does not download i18next (the full app loads it on the first click).
import type { Locale } from "../../src/domain/locales";
import { type Catalogue, formatMessage } from "../../src/domain/message-format";
import { loadCatalogue } from "./catalogues";
import type { Engine, Namespace } from "./index";

export async function createLightEngine(locale: Locale, namespaces: Namespace[]): Promise<Engine> {
  const bundles = new Map<string, Catalogue>();
  const used = new Set<Namespace>(namespaces);
  const fetchInto = async (lng: Locale, ns: Namespace) => {
    bundles.set(`${lng}/${ns}`, await loadCatalogue(lng, ns));
  };
  await Promise.all(namespaces.map((ns) => fetchInto(locale, ns)));

  const engine: Engine & { locale: Locale } = {
    locale,
    has: (ns) => bundles.has(`${engine.locale}/${ns}`),
    load: (ns) => {
      used.add(ns);
      return fetchInto(engine.locale, ns);
    },
    translate: (ns, key, values = {}) =>
      formatMessage(bundles.get(`${engine.locale}/${ns}`) ?? {}, key, values, engine.locale),
    async switchTo(next) {
      await Promise.all([...used].map((ns) => fetchInto(next, ns)));
      engine.locale = next;
    },
  };
  return engine;
}
