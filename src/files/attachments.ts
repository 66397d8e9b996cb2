// Attachment bytes in R2: checked and hashed on the way in, under a key we make, read back for the models.
import {
  AssistantNotOwned,
  type AttachmentRow,
  deleteAttachment,
  deleteOrphans,
  existingIds,
  insertAttachment,
  orphansBefore,
} from "../db/attachments";
import type { Database } from "../db/client";
import { judgeUpload, ORPHAN_AGE_MS, SNIFF_BYTES } from "../domain/files";
import type { FileKind } from "../domain/models";
import { AppError, notFound } from "../errors";

/** Every attachment key starts here, then the owner's id: never a name the user chose. */
export const attachmentPrefix = (userId: number) => `attachments/${userId}/`;

const toHex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** The name as kept: no folders, no control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/\p{Cc}/gu, "").trim();
  return (base || "file").slice(0, 255);
}

export interface StoredUpload {
  row: AttachmentRow;
  kind: FileKind;
}

/**
 * Checks an upload (SPEC §3 type by extension and magic bytes, size; documents only for an assistant), hashes
 * it, puts it in R2 under a generated key and records its row. Documents stop here for now: text extraction and embeddings (issue
 * #15) start from the stored row and its `content.location`, and may add keys to `content`.
 */
export async function storeUpload(
  db: Database,
  bucket: R2Bucket,
  input: { userId: number; file: File; assistantId: number | null },
): Promise<StoredUpload> {
  const { userId, file } = input;
  const name = cleanFileName(file.name);
  // The first bytes only, so a file over the limit is refused without being read.
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  // An assistant's file is context it reads: a picture, audio or video would be kept and never reach a model.
  const check = judgeUpload(
    { name, size: file.size },
    head,
    input.assistantId === null ? "message" : "assistant",
  );
  if (!check.ok) {
    const { status, code, message, detail } = check.refusal;
    throw new AppError(status, code, message, detail ? { details: [{ path: "file", message: detail }] } : {});
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const id = crypto.randomUUID();
  const key = `${attachmentPrefix(userId)}${id}`;
  const fileHash = toHex(await crypto.subtle.digest("SHA-256", bytes));
  await bucket.put(key, bytes, {
    httpMetadata: { contentType: check.type },
    customMetadata: { userId: String(userId), kind: check.kind },
  });
  const content = { location: key };
  try {
    const row = await insertAttachment(db, {
      id,
      userId,
      assistantId: input.assistantId,
      name,
      type: check.type,
      size: bytes.byteLength,
      fileHash,
      content,
    });
    return { row, kind: check.kind };
  } catch (err) {
    // No row, no bytes: a failed insert leaves nothing behind in R2.
    await bucket.delete(key).catch(() => {});
    if (err instanceof AssistantNotOwned) throw notFound("No such assistant.");
    throw err;
  }
}

/** The R2 key of a row, only when it is one of ours for this owner (a row's content is JSON we wrote). */
export function keyOf(row: Pick<AttachmentRow, "content" | "userId">): string | null {
  const location = row.content?.location;
  if (typeof location !== "string" || !location.startsWith(attachmentPrefix(row.userId))) return null;
  return location;
}

/** The row goes, then its bytes. */
export async function removeAttachment(
  db: Database,
  bucket: R2Bucket,
  { userId, id }: { userId: number; id: string },
): Promise<boolean> {
  const row = await deleteAttachment(db, { userId, id });
  if (!row) return false;
  const key = keyOf(row);
  if (key) await bucket.delete(key);
  return true;
}

/** The bytes of stored attachments, for a model request; a file missing from R2 is left out. */
export async function readAttachmentBytes(bucket: R2Bucket, key: string): Promise<Uint8Array | null> {
  const object = await bucket.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

const SWEEP_BATCH = 500;

/** Deletes uploads never sent (no message, no assistant) older than a day: their rows, then their bytes. */
export async function sweepOrphans(
  db: Database,
  bucket: R2Bucket,
  now = Date.now(),
): Promise<{ deleted: number; unreferenced: number }> {
  const before = new Date(now - ORPHAN_AGE_MS);
  let deleted = 0;
  for (;;) {
    const batch = await orphansBefore(db, { before, limit: SWEEP_BATCH });
    if (batch.length === 0) break;
    const gone = new Set(await deleteOrphans(db, { ids: batch.map((r) => r.id) }));
    const keys = batch
      .filter((r) => gone.has(r.id))
      .map((r) => r.content?.location)
      .filter((k): k is string => typeof k === "string" && k.startsWith("attachments/"));
    if (keys.length > 0) await bucket.delete(keys);
    deleted += gone.size;
    if (batch.length < SWEEP_BATCH) break;
  }
  return { deleted, unreferenced: await sweepUnreferencedObjects(db, bucket, before) };
}

/**
 * R2 objects whose row is gone (a deleted chat, message or assistant takes its attachment rows with it in
 * Postgres, which cannot reach R2) are deleted once older than `before`; younger ones may be uploads whose
 * row is being written.
 */
export async function sweepUnreferencedObjects(
  db: Database,
  bucket: R2Bucket,
  before: Date,
  prefix = "attachments/",
): Promise<number> {
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, limit: SWEEP_BATCH });
    const old = page.objects.filter((o) => o.uploaded < before);
    const idOf = (key: string) => key.split("/").pop() ?? "";
    const kept = await existingIds(db, { ids: old.map((o) => idOf(o.key)) });
    const gone = old.filter((o) => !kept.has(idOf(o.key))).map((o) => o.key);
    if (gone.length > 0) await bucket.delete(gone);
    deleted += gone.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return deleted;
}
