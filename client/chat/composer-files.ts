// The composer's files: each picked, dropped or pasted file uploads at once (with progress); the same file
// twice (SPEC §5) is added once; removing one cancels its upload or deletes what was uploaded.
import { useCallback, useEffect, useRef, useState } from "react";
import { type AttachmentWire, sameLocalFile } from "../../src/domain/files";
import { type Attachment, deleteAttachment, uploadAttachment } from "../hooks/use-attachments";

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

const previewOf = (file: File) =>
  /^image\/(png|jpe?g|gif|webp)$/.test(file.type) ? URL.createObjectURL(file) : undefined;

export function useComposerFiles() {
  const [files, setFiles] = useState<ComposerFile[]>([]);
  const uploads = useRef(new Map<string, AbortController>());
  const current = useRef(files);
  current.current = files;

  const patch = useCallback((key: string, change: Partial<ComposerFile>) => {
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));
  }, []);

  const add = useCallback(
    (picked: readonly File[]) => {
      const fresh: ComposerFile[] = [];
      for (const file of picked) {
        const known = [...current.current, ...fresh].some((f) => sameLocalFile(f.file, file));
        if (known) continue;
        fresh.push({
          key: crypto.randomUUID(),
          file,
          progress: 0,
          status: "uploading",
          preview: previewOf(file),
        });
      }
      if (fresh.length === 0) return;
      current.current = [...current.current, ...fresh];
      setFiles((list) => [...list, ...fresh]);
      for (const item of fresh) {
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
    if (item.preview) URL.revokeObjectURL(item.preview);
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
    for (const item of current.current) if (item.preview) URL.revokeObjectURL(item.preview);
    setFiles([]);
  }, []);

  useEffect(
    () => () => {
      for (const controller of uploads.current.values()) controller.abort();
    },
    [],
  );

  const uploaded = files.flatMap((f): AttachmentWire[] => (f.attachment ? [f.attachment] : []));
  return {
    files,
    add,
    remove,
    clear,
    uploaded,
    uploading: files.some((f) => f.status === "uploading"),
    failed: files.some((f) => f.status === "error"),
  };
}
