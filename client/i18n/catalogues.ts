// The catalogue files, one lazily loaded chunk per locale and namespace; English stands in for a failure.
import { DEFAULT_LOCALE, type Locale } from "../../src/domain/locales";
import type { Catalogue } from "../../src/domain/message-format";

const files = import.meta.glob<{ default: Catalogue }>("./locales/*/*.json");

export async function loadCatalogue(locale: Locale, ns: string): Promise<Catalogue> {
  try {
    const load = files[`./locales/${locale}/${ns}.json`];
    if (!load) throw new Error(`No catalogue ${locale}/${ns}`);
    return (await load()).default;
  } catch (error) {
    // SPEC §8: logged, and English shown instead.
    console.error("Failed locale loading", error);
    const english = files[`./locales/${DEFAULT_LOCALE}/${ns}.json`];
    if (locale === DEFAULT_LOCALE || !english) throw error;
    return (await english()).default;
  }
}
