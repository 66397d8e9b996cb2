// The composer's files: each picked, dropped or pasted file uploads at once (with progress); the same file
// twice (SPEC §5) is added once, and no more than a message takes; removing one cancels its upload or
// deletes what was uploaded.
import { useCallback, useEffect, useRef, useState } from "react";
import { withinMessageLimit } from "../../src/domain/composer-files";
import { type AttachmentWire, sameLocalFile } from "../../src/domain/files";
import { type Attachment, deleteAttachment, refusalOf, uploadAttachment } from "../hooks/use-attachments";

export interface ComposerFile {
  key: string;
  file: File;
  /** 0 to 1 while uploading. */
  progress: number;
  status: "uploading" | "done" | "error";
  attachment?: Attachment;
  /** Why the upload failed (an ApiError: a type that is not supported, a file too large…). */
  error?: unknown;
  /** A local preview of a picture, revoked when the chip goes. */
  preview?: string;
}

const PREVIEWABLE = /^image\/(png|jpe?g|gif|webp)$/;

/**
 * A local preview of a picture, only once its bytes passed the upload rule: `file.type` comes from the name,
 * and a page named fake.png would show as a broken thumbnail beside its refusal.
 */
async function previewOf(file: File): Promise<string | undefined> {
  if (!PREVIEWABLE.test(file.type)) return undefined;
  return (await refusalOf(file)) ? undefined : URL.createObjectURL(file);
}

export function useComposerFiles() {
  const [files, setFiles] = useState<ComposerFile[]>([]);
  /** How many files the last pick, drop or paste left out: a message takes no more (the send route's limit). */
  const [leftOut, setLeftOut] = useState(0);
  const uploads = useRef(new Map<string, AbortController>());
  /** Each chip's preview address, revoked when the chip goes (kept here: a chip may go before it renders). */
  const previews = useRef(new Map<string, string>());
  const current = useRef(files);
  current.current = files;

  const patch = useCallback((key: string, change: Partial<ComposerFile>) => {
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));
  }, []);

  const add = useCallback(
    (picked: readonly File[]) => {
      const unknown: File[] = [];
      for (const file of picked) {
        const known = [...current.current.map((f) => f.file), ...unknown].some((f) => sameLocalFile(f, file));
        if (!known) unknown.push(file);
      }
      // The first ones up to the limit: the server would refuse a message with more, whatever its retries.
      const { taken, leftOut: over } = withinMessageLimit(current.current.length, unknown);
      setLeftOut(over);
      const fresh = taken.map(
        (file): ComposerFile => ({ key: crypto.randomUUID(), file, progress: 0, status: "uploading" }),
      );
      if (fresh.length === 0) return;
      current.current = [...current.current, ...fresh];
      setFiles((list) => [...list, ...fresh]);
      for (const item of fresh) {
        void previewOf(item.file).then((preview) => {
          if (!preview) return;
          // Removed meanwhile: no thumbnail to show, none to keep.
          if (!current.current.some((f) => f.key === item.key)) return URL.revokeObjectURL(preview);
          previews.current.set(item.key, preview);
          patch(item.key, { preview });
        });
        const controller = new AbortController();
        uploads.current.set(item.key, controller);
        uploadAttachment(item.file, {
          signal: controller.signal,
          onProgress: (progress) => patch(item.key, { progress }),
        })
          .then((attachment) => patch(item.key, { status: "done", progress: 1, attachment }))
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            patch(item.key, { status: "error", error });
          })
          .finally(() => uploads.current.delete(item.key));
      }
    },
    [patch],
  );

  const remove = useCallback((key: string) => {
    const item = current.current.find((f) => f.key === key);
    if (!item) return;
    uploads.current.get(key)?.abort();
    const preview = previews.current.get(key);
    if (preview) URL.revokeObjectURL(preview);
    previews.current.delete(key);
    current.current = current.current.filter((f) => f.key !== key);
    // An upload that will never be sent goes now rather than waiting for the daily sweep.
    if (item.attachment) {
      deleteAttachment(item.attachment.id).catch((error: unknown) =>
        console.error("Failed to delete the attachment", error),
      );
    }
    setFiles((list) => list.filter((f) => f.key !== key));
  }, []);

  /** After a send: the chips go, the uploads stay (they belong to the message now). */
  const clear = useCallback(() => {
    for (const preview of previews.current.values()) URL.revokeObjectURL(preview);
    previews.current.clear();
    current.current = [];
    setFiles([]);
    setLeftOut(0);
  }, []);

  useEffect(
    () => () => {
      for (const controller of uploads.current.values()) controller.abort();
      for (const preview of previews.current.values()) URL.revokeObjectURL(preview);
    },
    [],
  );

  const uploaded = files.flatMap((f): AttachmentWire[] => (f.attachment ? [f.attachment] : []));
  return {
    files,
    add,
    remove,
    clear,
    leftOut,
    uploaded,
    uploading: files.some((f) => f.status === "uploading"),
    failed: files.some((f) => f.status === "error"),
  };
}
