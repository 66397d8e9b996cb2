// Every shape of the statements the database keeps as functions (statement-functions.ts), built with sample
// inputs: the values are parameters, so one sample per shape gives the exact text the app sends.
import type { SQL } from "drizzle-orm";
import { apiKeyRequestStatement } from "./api-key-request";
import { reserveAndRecordStatement } from "./exchange";
import type { Sender } from "./session-check";
import { textSendStatement } from "./text-send";

const SENDERS: [string, Sender][] = [
  ["a user", { userId: 1 }],
  ["a session it checks", { session: { sessionId: "s", now: new Date(0), settle: () => {} } }],
];

const usage = { model: "gpt-5-mini", category: "text", free: false } as const;

/** Each shape's label and statement. */
export function statementVariants(): { label: string; statement: SQL }[] {
  return SENDERS.flatMap(([who, sender]) => [
    {
      label: `a text send to an existing chat, for ${who}`,
      statement: textSendStatement({
        ...sender,
        target: { chatId: 1 },
        usage,
        content: "",
        model: "m",
        limit: 1,
      }),
    },
    {
      label: `a text send opening a chat in an assistant, for ${who}`,
      statement: textSendStatement({
        ...sender,
        target: { assistantId: 1 },
        usage,
        content: "",
        model: "m",
        limit: 1,
      }),
    },
    {
      label: `a send recorded in an existing chat, for ${who}`,
      statement: reserveAndRecordStatement({
        ...sender,
        target: { chatId: 1 },
        usage,
        content: "",
        model: "m",
      }),
    },
    {
      label: `a send opening a chat (the default assistant's or another's), for ${who}`,
      statement: reserveAndRecordStatement({
        ...sender,
        target: { assistantId: null },
        usage,
        content: "",
        model: "m",
      }),
    },
  ]).concat({
    label: "a public API call's key and quota",
    statement: apiKeyRequestStatement({ hash: "", now: new Date(0), usage: { ...usage, rates: [] } }),
  });
}
