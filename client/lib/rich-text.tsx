// Renders a translated message whose words carry markup, e.g. "Accept the <terms>terms</terms>": the
// translation decides the word order, the code decides what each tag becomes.
import { Fragment, type ReactNode } from "react";

export function richText(
  message: string,
  tags: Record<string, (children: string) => ReactNode>,
): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = pattern.exec(message); match; match = pattern.exec(message)) {
    const [whole, tag = "", inner = ""] = match;
    parts.push(message.slice(last, match.index));
    const render = tags[tag];
    parts.push(<Fragment key={match.index}>{render ? render(inner) : inner}</Fragment>);
    last = match.index + whole.length;
  }
  parts.push(message.slice(last));
  return parts;
}
