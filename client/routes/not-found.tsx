// An unknown page (SPEC §8): "Page not found" with the path.
import { useLocation } from "react-router";
import { ErrorScreen } from "../components/error-screen";
import { useT } from "../i18n";

export default function NotFound() {
  const t = useT("errors");
  const { pathname } = useLocation();
  return <ErrorScreen status={404} message={t("unknownPage", { path: pathname })} />;
}
