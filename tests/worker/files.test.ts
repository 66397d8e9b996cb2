// Generated images: stored in R2 under their owner's prefix and served by /api/files to that owner only.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chat } from "../../drizzle/schema";
import type { StreamImage } from "../../src/domain/chat/stream-events";
import { withDb } from "./support/accounts";
import { api, json, type SseEvent } from "./support/api";
import { readChat, readToDone, startChat } from "./support/chats";
import { accountOnPlan } from "./support/plans";
import { uniqueTag, upstreamRequests } from "./support/upstreams";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const imagesOf = (events: SseEvent[]): StreamImage[] =>
  events.flatMap((e) => (e.event.type === "image" ? [e.event.image] : []));

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

async function generated(cookie: string, prompt: string, model: string) {
  const started = await startChat(cookie, prompt, { model });
  const events = await readToDone(cookie, started.chat.id);
  expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "done" });
  const [image] = imagesOf(events);
  if (!image) throw new Error(`no image event in ${JSON.stringify(events.map((e) => e.event.type))}`);
  return { chatId: started.chat.id, image };
}

describe("a generated image", () => {
  it("is stored in R2 under its owner's prefix and served back to the owner, byte for byte", async () => {
    const owner = await accountOnPlan("starter");
    const { chatId, image } = await generated(owner.cookie, "a red square on white", "test-image");
    expect(image.mimeType).toBe("image/png");
    expect(image.url.startsWith(`/api/files/generated/${owner.id}/${chatId}/`)).toBe(true);

    const res = await api(image.url, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toContain("private");
    const served = new Uint8Array(await res.arrayBuffer());
    expect([...served.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    const stored = await env.FILES.get(decodeURIComponent(image.url.slice("/api/files/".length)));
    expect(stored).not.toBeNull();
    expect(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(served);

    // The saved message points at the same file, so a reload shows it.
    const { messages } = await readChat(owner.cookie, chatId);
    expect(messages[1]?.metadata).toMatchObject({ done: true, images: [{ url: image.url }] });
  });

  it("comes from the provider's answer too (OpenAI images, base64) and is served from R2, not the provider", async () => {
    const owner = await accountOnPlan("expert");
    const tag = uniqueTag("lighthouse");
    const { image } = await generated(owner.cookie, `A lighthouse at dusk ${tag}`, "gpt-image-1");
    // The chat's title is asked of OpenAI's light model too: pick the image request among the tagged ones.
    const requests = await upstreamRequests(tag, { provider: "openai" });
    const request = requests.find((r) => r.path === "/v1/images/generations");
    expect(request?.body).toMatchObject({ prompt: expect.stringContaining(tag) });
    const res = await api(image.url, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    // The fake provider draws 32×32 pictures (the built-in test model 128×128): these bytes are the provider's.
    expect(pngSize(bytes)).toEqual({ width: 32, height: 32 });
  });

  it("downloads with ?download=1 under a readable name: the chat's title (sanitised), else the model's name", async () => {
    const owner = await accountOnPlan("starter");
    const other = await accountOnPlan("starter");
    const { chatId, image } = await generated(owner.cookie, "a green triangle", "test-image");
    // The chat's title is made after its answer: once it is in, nothing writes the title but this test.
    await expect.poll(async () => (await readChat(owner.cookie, chatId)).chat.title).not.toBe("");
    expect((await api(image.url, { cookie: owner.cookie })).headers.get("Content-Disposition")).toMatch(
      /^inline;/,
    );

    const renamed = await api("/api/chat/update", {
      cookie: owner.cookie,
      body: { id: chatId, title: "Green/triangle: “v1”" },
    });
    expect(renamed.status).toBe(200);
    const res = await api(`${image.url}?download=1`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Green_triangle_ _v1_-1.png"; filename*=UTF-8''Green_triangle_%20%E2%80%9Cv1%E2%80%9D-1.png`,
    );
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 8)]).toEqual(PNG_SIGNATURE);

    // An untitled chat names it after the model.
    await withDb((db) => db.update(chat).set({ title: "" }).where(eq(chat.id, chatId)));
    const untitled = await api(`${image.url}?download=1`, { cookie: owner.cookie });
    expect(untitled.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Test Image-1\.png";/);

    // Another user gets nothing, named or not.
    expect((await api(`${image.url}?download=1`, { cookie: other.cookie })).status).toBe(404);
  });

  it("is not served to another user, nor to nobody, nor through a path that leaves the owner's prefix", async () => {
    const owner = await accountOnPlan("starter");
    const other = await accountOnPlan("starter");
    const { image } = await generated(owner.cookie, "a blue circle", "test-image");

    const foreign = await api(image.url, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect((await json<{ error: { code: string } }>(foreign)).error.code).toBe("not_found");
    expect((await api(image.url)).status).toBe(401);

    // The other user cannot climb out of their own prefix into the owner's.
    const rest = decodeURIComponent(image.url.slice(`/api/files/generated/${owner.id}/`.length));
    const climbing = `/api/files/generated/${other.id}/..%2F${owner.id}%2F${encodeURIComponent(rest)}`;
    expect((await api(climbing, { cookie: other.cookie })).status).toBe(404);
    // A key under one's own prefix that does not exist is simply not found.
    expect((await api(`/api/files/generated/${owner.id}/nothing.png`, { cookie: owner.cookie })).status).toBe(
      404,
    );
    // So is one longer than R2's keys can be (R2 would throw on it: no 500).
    for (const download of ["", "?download=1"]) {
      const long = `/api/files/generated/${owner.id}/${"a".repeat(1_010)}.png${download}`;
      expect((await api(long, { cookie: owner.cookie })).status, download).toBe(404);
    }
    // The owner still gets it.
    expect((await api(image.url, { cookie: owner.cookie })).status).toBe(200);
  });
});
