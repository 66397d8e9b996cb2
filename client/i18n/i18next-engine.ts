// The app's translation engine: i18next, reading the catalogues through a backend that loads them lazily.
import i18next, { type BackendModule } from "i18next";
import type { Locale } from "../../src/domain/locales";
import { formatPrice } from "../../src/domain/message-format";
import { loadCatalogue } from "./catalogues";
import type { Engine, Namespace } from "./index";

const backend: BackendModule = {
  type: "backend",
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    loadCatalogue(language as Locale, namespace).then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};

export async function createI18nextEngine(locale: Locale, namespaces: Namespace[]): Promise<Engine> {
  if (!i18next.isInitialized) {
    await i18next.use(backend).init({
      lng: locale,
      // Every catalogue is complete (tests/domain/catalogues.test.ts): no second language to download.
      fallbackLng: false,
      load: "currentOnly",
      ns: namespaces,
      defaultNS: "common",
      interpolation: { escapeValue: false },
    });
    i18next.services.formatter?.add("price", (value: number, lng) => formatPrice(value, lng ?? locale));
  } else {
    await i18next.changeLanguage(locale);
    await i18next.loadNamespaces(namespaces);
  }
  return {
    get locale() {
      return i18next.language as Locale;
    },
    has: (ns: Namespace) => i18next.hasLoadedNamespace(ns),
    load: (ns: Namespace) => i18next.loadNamespaces(ns),
    translate: (ns, key, values) => i18next.t(key, { ...values, ns }) as string,
    async switchTo(next) {
      await i18next.loadLanguages(next);
      await i18next.changeLanguage(next);
    },
  };
}
