// A file as a chip: picture thumbnail or type-coloured icon (SPEC §3), name, size (SPEC §5), warnings,
// upload progress and a remove button. Used in the composer and on sent messages.

import { fileColour, formatFileSize, isLargeDocument } from "../../src/domain/files";
import { extensionOf } from "../../src/domain/models";
import { Icon } from "../components/icon";
import { useT } from "../i18n";
import "./file-chip.css";

export interface FileChipProps {
  name: string;
  type: string;
  size: number;
  /** A picture to show instead of the icon (a local preview, or the stored file). */
  thumbnail?: string;
  /** Where the stored file can be downloaded (its owner only). */
  href?: string;
  /** 0 to 1 while uploading. */
  progress?: number;
  /** Why this file cannot go (refused upload, a model that cannot take it). */
  problem?: string;
  onRemove?(): void;
}

export function FileChip({ name, type, size, thumbnail, href, progress, problem, onRemove }: FileChipProps) {
  const t = useT("chat");
  const colour = fileColour({ name, type }) ?? "plain";
  const large = isLargeDocument({ name, type, size });
  const uploading = progress !== undefined && progress < 1;
  const label = (
    <>
      {thumbnail ? (
        <img className="file-chip-thumb" src={thumbnail} alt="" width={36} height={36} />
      ) : (
        <span className="file-chip-icon" aria-hidden="true">
          <Icon name="file" size={18} />
          <span className="file-chip-ext">{extensionOf(name).slice(0, 4)}</span>
        </span>
      )}
      <span className="file-chip-text">
        <span className="file-chip-name" title={name}>
          {name}
        </span>
        <span className="file-chip-meta">
          {formatFileSize(size)}
          {uploading && ` · ${t("files.uploading", { percent: Math.round((progress ?? 0) * 100) })}`}
        </span>
      </span>
    </>
  );
  return (
    <li
      className="file-chip"
      data-colour={colour}
      data-problem={problem ? true : undefined}
      data-testid="file-chip"
      aria-busy={uploading || undefined}
    >
      {href ? (
        <a className="file-chip-body" href={href} download={name}>
          {label}
        </a>
      ) : (
        <span className="file-chip-body">{label}</span>
      )}
      {uploading && (
        <progress
          className="file-chip-progress"
          max={1}
          value={progress}
          aria-label={t("files.progress", { name })}
        />
      )}
      {(problem || large) && (
        <span className="file-chip-warning" role={problem ? "alert" : undefined}>
          <Icon name="alert" size={14} />
          {problem ?? t("files.large")}
        </span>
      )}
      {onRemove && (
        <button
          type="button"
          className="file-chip-remove"
          onClick={onRemove}
          aria-label={t("files.remove", { name })}
          title={t("files.remove", { name })}
        >
          <Icon name="close" size={14} />
        </button>
      )}
    </li>
  );
}
