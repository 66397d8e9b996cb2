// Links that work with or without the router: on the light home page the first click loads the full app.
import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from "react";
import { localizePath } from "../../src/domain/locale-routing";
import { useLocale } from "../i18n";

/** Goes to a locale-less app path ("/pricing?plan=expert"). */
export type Navigate = (to: string) => void;

export const NavigateContext = createContext<Navigate | null>(null);

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey;

export function AppLink({ to, onClick, ...rest }: Props) {
  const navigate = useContext(NavigateContext);
  const locale = useLocale();
  return (
    <a
      {...rest}
      href={localizePath(locale, to)}
      onClick={(event) => {
        onClick?.(event);
        if (!navigate || rest.target || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
