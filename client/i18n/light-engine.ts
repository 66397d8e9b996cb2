// The translation engine: our catalogues resolved by src/domain/message-format.ts, which renders every key
// as i18next would (tests/domain/catalogues.test.ts) without its 15 KB on every page.
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
