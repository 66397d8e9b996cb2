// A generated picture's size, read from its bytes as it is stored: in its stream event, its message, and the
// shared page's <img>, so that its box is kept before it loads (the open chat's frame: chat-shell-media.test.ts).
import { describe, expect, it } from "vitest";
import type { SharedChatWire } from "../../src/domain/chat/wire";
import { api, json } from "./support/api";
import { readChat, readToDone, startChat } from "./support/chats";
import { imagesOf } from "./support/midjourney";
import { accountOnPlan } from "./support/plans";
import { uniqueTag } from "./support/upstreams";

/** The built-in test image model draws a 128 px square PNG. */
const TEST_PICTURE = { width: 128, height: 128 };

describe("a generated picture's size", () => {
  it("is in its stream event and its message, and the shared page's <img> keeps its box", async () => {
    const owner = await accountOnPlan("expert");
    const started = await startChat(owner.cookie, `a red square ${uniqueTag("size")}`, {
      model: "test-image",
    });
    const events = await readToDone(owner.cookie, started.chat.id);
    const [picture] = imagesOf(events);
    expect(picture).toMatchObject(TEST_PICTURE);

    const { messages } = await readChat(owner.cookie, started.chat.id);
    expect(messages[1]?.metadata).toMatchObject({ images: [{ url: picture?.url, ...TEST_PICTURE }] });

    const res = await api("/api/chat/share", { cookie: owner.cookie, body: { chatId: started.chat.id } });
    const { publicId } = await json<{ publicId: string }>(res);
    const shared = await json<SharedChatWire>(await api(`/api/shared/${publicId}`));
    expect(shared.messages[1]?.metadata.images).toEqual([expect.objectContaining(TEST_PICTURE)]);
    const html = await (await api(`/shared/${publicId}`)).text();
    expect(html).toMatch(/<img src="[^"]+" alt="[^"]*" width="128" height="128" loading="lazy">/);
  });
});
