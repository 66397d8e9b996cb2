// The configured external links (SPEC §2) as a list of anchors: nothing at all when none is configured.
import { EXTERNAL_LINK_KEYS } from "../../src/domain/external-links";
import { useT } from "../i18n";
import { EXTERNAL_LINKS } from "../lib/links";

export const hasExternalLinks = Object.keys(EXTERNAL_LINKS).length > 0;

export function ExternalLinks({ itemClassName, onClick }: { itemClassName?: string; onClick?: () => void }) {
  const t = useT("common");
  return (
    <>
      {EXTERNAL_LINK_KEYS.map((key) => {
        const href = EXTERNAL_LINKS[key];
        if (!href) return null;
        return (
          <a
            key={key}
            href={href}
            className={itemClassName}
            target="_blank"
            rel="noopener noreferrer"
            data-link={key}
            onClick={onClick}
          >
            {t(`links.${key}`)}
          </a>
        );
      })}
    </>
  );
}
