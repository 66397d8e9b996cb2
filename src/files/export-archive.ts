// The data export's zip, streamed: each file is read from R2 only when the download asks for more (one file
// in memory at a time), and the texts come last, so they can say which files could not be included.
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { ExportSource } from "../db/chat-export";
import { EXPORT_FILES_MAX_BYTES, type ExportDocument, exportFiles } from "../domain/chat-export";
import { isKeyUnder, isOwnGeneratedKey } from "../domain/file-keys";
import { attachmentPrefix } from "./attachments";

/** Only keys under the user's own prefixes are read, whatever a message's metadata says. */
const isOwnKey = (key: string, userId: number) =>
  isOwnGeneratedKey(key, userId) || isKeyUnder(key, attachmentPrefix(userId));

/** The bytes of one file, or why they are not in the zip; `room` is what the size limit has left. */
async function readSource(
  bucket: R2Bucket,
  userId: number,
  key: string | null,
  room: number,
): Promise<Uint8Array | "unavailable" | "size_limit"> {
  if (key === null || !isOwnKey(key, userId)) return "unavailable";
  try {
    const object = await bucket.get(key);
    if (!object) return "unavailable";
    if (object.size > room) {
      await object.body.cancel();
      return "size_limit";
    }
    return new Uint8Array(await object.arrayBuffer());
  } catch (err) {
    console.error("export: a file could not be read", err);
    return "unavailable";
  }
}

/** The zip of `document`, with the files `sources` name (each marked `omitted` when it cannot be included). */
export function exportArchive(
  bucket: R2Bucket,
  {
    userId,
    document,
    sources,
    now,
  }: { userId: number; document: ExportDocument; sources: ExportSource[]; now: Date },
): ReadableStream<Uint8Array> {
  const zip = new Zip();
  let next = 0;
  let room = EXPORT_FILES_MAX_BYTES;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip.ondata = (err, chunk, final) => {
        if (err) return controller.error(err);
        controller.enqueue(chunk);
        if (final) controller.close();
      };
    },
    // One file per pull: the stream asks again only once the download has taken what was queued.
    async pull() {
      const source = sources[next++];
      if (source) {
        const bytes = await readSource(bucket, userId, source.key, room);
        if (typeof bytes === "string") {
          source.file.omitted = bytes;
          return;
        }
        room -= bytes.byteLength;
        // Pictures and documents are compressed already: stored as they are.
        const entry = new ZipPassThrough(source.file.path);
        entry.mtime = now;
        zip.add(entry);
        entry.push(bytes, true);
        return;
      }
      for (const [path, text] of Object.entries(exportFiles(document))) {
        const entry = new ZipDeflate(path, { level: 6 });
        entry.mtime = now;
        zip.add(entry);
        entry.push(strToU8(text), true);
      }
      zip.end();
    },
  });
}
