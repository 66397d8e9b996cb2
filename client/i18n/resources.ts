// The catalogue namespaces and their keys, typed from the English files so a wrong key fails the type check.
import type account from "./locales/en/account.json";
import type app from "./locales/en/app.json";
import type auth from "./locales/en/auth.json";
import type chat from "./locales/en/chat.json";
import type common from "./locales/en/common.json";
import type errors from "./locales/en/errors.json";
import type home from "./locales/en/home.json";
import type legal from "./locales/en/legal.json";
import type pricing from "./locales/en/pricing.json";

export interface Resources {
  account: typeof account;
  app: typeof app;
  auth: typeof auth;
  chat: typeof chat;
  common: typeof common;
  errors: typeof errors;
  home: typeof home;
  legal: typeof legal;
  /** Model descriptions by `descriptionKey` (src/domain/models/description-keys.ts), loaded with the picker. */
  models: Record<string, string>;
  pricing: typeof pricing;
}

export type Namespace = keyof Resources;

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
/** "seats_one" and "seats_other" are both the key "seats", chosen by `count`. */
type Base<K extends string> = K extends `${infer B}_${PluralSuffix}` ? B : K;

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? Base<K> : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

export type MessageKey<N extends Namespace> = Paths<Resources[N]>;
