// The composer's name per language as the build writes it on index.html's first frame and the Worker reads it
// back: "en=Message;fr=Message;…" — no quotes, so no entities for an HTML attribute to decode.
export function encodeLabels(labels: Readonly<Record<string, string>>): string {
  return Object.entries(labels)
    .map(([locale, label]) => `${locale}=${label.replace(/[;=&<>"']/g, "")}`)
    .join(";");
}

export function decodeLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const pair of text.split(";")) {
    const cut = pair.indexOf("=");
    if (cut > 0) labels[pair.slice(0, cut)] = pair.slice(cut + 1);
  }
  return labels;
}
