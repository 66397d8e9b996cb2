// Names for files people download (the export's files, a generated picture): readable, and safe on any disk.
import { generatedPrefix } from "./file-keys.ts";

/**
 * A name that stays one file wherever it is saved or unzipped: no folders, no characters Windows or macOS
 * refuse, no leading dot (hidden), at most `max` characters with its extension kept.
 */
export function safeFileName(name: string, max = 100): string {
  const plain = name
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .replace(/[\p{Cc}\\/:*?"<>|]+/gu, "_")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  const chars = Array.from(plain);
  if (chars.length === 0) return "file";
  if (chars.length <= max) return plain;
  const dot = plain.lastIndexOf(".");
  const ext = dot > 0 && plain.length - dot <= 10 ? plain.slice(dot) : "";
  const stem = Array.from(plain.slice(0, plain.length - ext.length)).slice(0, max - ext.length);
  return stem.join("").trimEnd() + ext;
}

/**
 * `name`, or `name-2`, `name-3`… before its extension: the first `taken` does not hold yet (compared without
 * case, as most disks do), which it then holds.
 */
export function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** A stored key's extension (`png`), or `fallback` when it has none we would show. */
export const keyExtension = (key: string, fallback = "png") =>
  /\.([a-z0-9]{1,5})$/i.exec(key)?.[1]?.toLowerCase() ?? fallback;

/** The chat and message a generated picture's key names (`generated/<user>/<chat>/<message>/<uuid>.png`). */
export function generatedKeyPlace(key: string, userId: number): { chatId: number; messageId: number } | null {
  if (!key.startsWith(generatedPrefix(userId))) return null;
  const match = /^(\d{1,15})\/(\d{1,15})\/[^/]+$/.exec(key.slice(generatedPrefix(userId).length));
  return match ? { chatId: Number(match[1]), messageId: Number(match[2]) } : null;
}

/** A generated picture's download name: `<chat title or model>-<n>.<ext>`, at most 80 characters before it. */
export const imageDownloadName = (label: string, n: number, ext: string) =>
  `${safeFileName(label.trim() || "image", 80)}-${n}.${ext}`;
