// The cookies an app page carries for its boot script and first render (src/domain/boot-cookies.ts): the
// hint and the locale, as the request had them, and nothing a page's scripts must not see.
import { describe, expect, it } from "vitest";
import { bootCookies } from "../../src/domain/boot-cookies";
import { initialLocale } from "../../src/domain/locale-routing";
import { hasSignedInHint } from "../../src/domain/sessions";

const cases: [header: string, copied: string][] = [
  ["", ""],
  ["session=abc.def", ""],
  ["signed_in=1", "signed_in=1"],
  ["session=abc; signed_in=1; locale=fr", "signed_in=1; locale=fr"],
  ["locale=de;signed_in=1 ;  theme=dark", "locale=de; signed_in=1"],
  ["signed_in=0; locale=xx", "signed_in=0; locale=xx"],
  ['locale="><script>x</script>; signed_in=1', "signed_in=1"],
  ["locale=pt-BR; signed_in=1=1", "locale=pt-BR"],
  ["locale=; signed_in=", "locale=; signed_in="],
  ["Locale=fr; SIGNED_IN=1; xsigned_in=1", ""],
  ["locale=it; locale=es", "locale=it; locale=es"],
];

describe("bootCookies", () => {
  it.each(cases)("copies %j as %j", (header, copied) => {
    expect(bootCookies(header)).toBe(copied);
  });

  it.each(cases)("decides what the whole header decides, for %j", (header) => {
    for (const path of ["/app/a/default", "/fr/app/a/default", "/app/a/3/c/4"]) {
      for (const languages of [[], ["de-DE"], ["zz", "pl"]]) {
        expect(initialLocale(path, "", bootCookies(header), languages)).toEqual(
          initialLocale(path, "", header, languages),
        );
      }
    }
    expect(hasSignedInHint(bootCookies(header))).toBe(hasSignedInHint(header));
  });
});
