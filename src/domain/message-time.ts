// Message times in the app's languages, written without Intl: a page's first Intl.DateTimeFormat loads the
// browser's date data (50–150 ms on our machines, ~4× that on a phone), inside an open chat's first render.
// tests/domain/message-time.test.ts holds every language to Intl's own output, date by date.
import { isLocale, type Locale } from "./locales.ts";

interface TimeStyle {
  /** Intl's `dateStyle: "medium"`: day, month, year. */
  date: (day: number, month: number, year: number) => string;
  /** A 12-hour clock with AM/PM (otherwise 0–23). */
  twelveHour: boolean;
  /** Whether the hour beside a date has two digits; today's times always do (`hour: "2-digit"`). */
  padHourWithDate: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Month abbreviations as Intl writes them in a medium date (Catalan's carry their "de" / "d’"). */
const MONTHS = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  fr: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
  it: ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
  es: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
  pt: ["jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."],
  pl: ["sty", "lut", "mar", "kwi", "maj", "cze", "lip", "sie", "wrz", "paź", "lis", "gru"],
  ca: [
    "de gen.",
    "de febr.",
    "de març",
    "d’abr.",
    "de maig",
    "de juny",
    "de jul.",
    "d’ag.",
    "de set.",
    "d’oct.",
    "de nov.",
    "de des.",
  ],
  ro: ["ian.", "feb.", "mar.", "apr.", "mai", "iun.", "iul.", "aug.", "sept.", "oct.", "nov.", "dec."],
} as const;

const dayMonthYear =
  (months: readonly string[]) =>
  (day: number, month: number, year: number): string =>
    `${day} ${months[month]} ${year}`;

const STYLES: Readonly<Record<Locale, TimeStyle>> = {
  en: {
    date: (day, month, year) => `${MONTHS.en[month]} ${day}, ${year}`,
    twelveHour: true,
    padHourWithDate: false,
  },
  fr: { date: dayMonthYear(MONTHS.fr), twelveHour: false, padHourWithDate: true },
  it: { date: dayMonthYear(MONTHS.it), twelveHour: false, padHourWithDate: true },
  es: { date: dayMonthYear(MONTHS.es), twelveHour: false, padHourWithDate: false },
  de: {
    date: (day, month, year) => `${pad(day)}.${pad(month + 1)}.${year}`,
    twelveHour: false,
    padHourWithDate: true,
  },
  pt: {
    date: (day, month, year) => `${day} de ${MONTHS.pt[month]} de ${year}`,
    twelveHour: false,
    padHourWithDate: true,
  },
  pl: { date: dayMonthYear(MONTHS.pl), twelveHour: false, padHourWithDate: true },
  ca: { date: dayMonthYear(MONTHS.ca), twelveHour: false, padHourWithDate: false },
  ro: { date: dayMonthYear(MONTHS.ro), twelveHour: false, padHourWithDate: true },
};

function clock(date: Date, style: TimeStyle, withDate: boolean): string {
  const padHour = !withDate || style.padHourWithDate;
  const hours = date.getHours();
  const minutes = pad(date.getMinutes());
  if (!style.twelveHour) return `${padHour ? pad(hours) : hours}:${minutes}`;
  const hour = hours % 12 || 12;
  return `${padHour ? pad(hour) : hour}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * Intl, for a language the app has no style of (kept per language and kind: making one is the cost). Its own
 * small cache, not message-format.ts's: importing that here put it in the app's chunk, which the home and
 * pricing pages then loaded (tests/browser/budget.test.ts, app-shell.test.ts).
 */
const fallbacks = new Map<string, Intl.DateTimeFormat>();
function intlTime(date: Date, locale: string, today: boolean): string {
  const key = `${today ? "t" : "d"}${locale}`;
  let format = fallbacks.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      today ? { hour: "2-digit", minute: "2-digit" } : { dateStyle: "medium", timeStyle: "short" },
    );
    fallbacks.set(key, format);
  }
  return format.format(date);
}

/**
 * The time for today's messages (Intl's `hour: "2-digit", minute: "2-digit"`), the date and time for older
 * ones (`dateStyle: "medium", timeStyle: "short"`), in the reader's language and time zone.
 */
export function messageTime(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  if (!sameDay(date, now)) return dateAndTime(date, locale);
  return isLocale(locale) ? clock(date, STYLES[locale], false) : intlTime(date, locale, true);
}

/**
 * The date and time whatever the day (`dateStyle: "medium", timeStyle: "short"`): for what is kept for months,
 * an API key's creation, where today's time alone would not say which day.
 */
export function dateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateAndTime(date, locale);
}

function dateAndTime(date: Date, locale: string): string {
  if (!isLocale(locale)) return intlTime(date, locale, false);
  const style = STYLES[locale];
  return `${style.date(date.getDate(), date.getMonth(), date.getFullYear())}, ${clock(date, style, true)}`;
}
