// The data export (GDPR): every chat of the account as one JSON document and one Markdown file per chat.

export interface ExportMessage {
  id: number;
  role: "user" | "assistant";
  content: string;
  model: string | null;
  createdAt: string;
}

export interface ExportChat {
  id: number;
  title: string;
  model: string;
  /** The assistant's label, or null for the default assistant. */
  assistant: string | null;
  createdAt: string;
  updatedAt: string;
  messages: ExportMessage[];
}

export interface ExportDocument {
  format: "switchboard-export";
  version: 1;
  exportedAt: string;
  email: string;
  chats: ExportChat[];
}

/** A file name's safe part: letters and digits of any script, dashes, at most 60 characters. */
export function slugOf(title: string): string {
  const slug = title
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return Array.from(slug).slice(0, 60).join("").replace(/-+$/, "") || "chat";
}

/** One chat as Markdown: its title, then each message under who said it, when, and with which model. */
export function chatMarkdown(chat: ExportChat): string {
  const lines = [`# ${chat.title || "Untitled chat"}`, ""];
  lines.push(`- Created: ${chat.createdAt}`, `- Model: ${chat.model}`);
  if (chat.assistant) lines.push(`- Assistant: ${chat.assistant}`);
  for (const message of chat.messages) {
    const who = message.role === "user" ? "You" : (message.model ?? "Assistant");
    lines.push("", `## ${who} — ${message.createdAt}`, "", message.content);
  }
  return `${lines.join("\n")}\n`;
}

/** The files of the archive, by path: `chats.json` and `markdown/<id>-<slug>.md` per chat. */
export function exportFiles(document: ExportDocument): Record<string, string> {
  const files: Record<string, string> = { "chats.json": JSON.stringify(document, null, 2) };
  for (const chat of document.chats) {
    files[`markdown/${chat.id}-${slugOf(chat.title)}.md`] = chatMarkdown(chat);
  }
  return files;
}

/** The download's name: switchboard-export-2026-11-23.zip. */
export const exportFileName = (now: Date) => `switchboard-export-${now.toISOString().slice(0, 10)}.zip`;
