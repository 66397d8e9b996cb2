// "Download" under a generated picture: the files route answers `?download=1` as an attachment named after
// the chat (or the model) and the picture's number, instead of showing it inline under its random key.
import { Icon } from "../components/icon";
import { useT } from "../i18n";
import "./image-download.css";

/** The address that saves the picture rather than showing it. */
export const imageDownloadUrl = (url: string) => `${url}${url.includes("?") ? "&" : "?"}download=1`;

export function ImageDownload({ url }: { url: string }) {
  const t = useT("chat");
  return (
    // An empty `download`: the browser saves it under the name the answer's Content-Disposition gives.
    <a className="image-download button small secondary" href={imageDownloadUrl(url)} download="">
      <Icon name="download" size={14} /> {t("message.downloadImage")}
    </a>
  );
}
