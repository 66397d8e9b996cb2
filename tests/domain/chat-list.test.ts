// The sidebar chat list (SPEC §3/§4/§7): wire to summary, paging, a new chat in front, rename, move, delete.
import { describe, expect, it } from "vitest";
import {
  appendPage,
  type ChatList,
  type ChatSummary,
  chatIdOf,
  nextOffset,
  prependChat,
  refreshLimit,
  removeChat,
  toChatSummaries,
  updateChat,
} from "../../src/domain/chat/chat-list";

const chat = (id: number, model = "test"): ChatSummary => ({
  id,
  assistantId: null,
  title: `Chat ${id}`,
  model,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

describe("chat list", () => {
  const list: ChatList = { chats: [chat(3), chat(2), chat(1)], hasNextPage: true };

  it("converts dates and drops chats whose model left the catalogue", () => {
    const wire = (id: number, model: string) => ({
      id,
      assistantId: null,
      title: null,
      model,
      createdAt: "2026-01-02T03:04:05.000Z",
      updatedAt: "2026-01-03T03:04:05.000Z",
      publicId: null,
    });
    const chats = toChatSummaries([wire(1, "test"), wire(2, "retired-model-9000")]);
    expect(chats.map((c) => c.id)).toEqual([1]);
    expect(chats[0]?.updatedAt).toBeInstanceOf(Date);
    expect(chats[0]?.updatedAt.toISOString()).toBe("2026-01-03T03:04:05.000Z");
  });

  it("puts a new chat in front, once", () => {
    expect(prependChat(list, chat(4)).chats.map((c) => c.id)).toEqual([4, 3, 2, 1]);
    expect(prependChat(list, chat(2)).chats.map((c) => c.id)).toEqual([2, 3, 1]);
  });

  it("appends the next page, asked at offset = current length, without repeats", () => {
    expect(nextOffset(list)).toBe(3);
    const more = appendPage(list, { chats: [chat(1), chat(0)], hasNextPage: false });
    expect(more.chats.map((c) => c.id)).toEqual([3, 2, 1, 0]);
    expect(more.hasNextPage).toBe(false);
  });

  it.each([
    ["no list yet", undefined, 30],
    ["a first page, not full", 3, 30],
    ["two pages loaded", 60, 60],
    ["more than one request may ask for", 140, 100],
  ])("reads as many chats again as it shows: %s", (_case, shown, limit) => {
    const shownList =
      shown === undefined
        ? undefined
        : { chats: Array.from({ length: shown }, (_, i) => chat(i)), hasNextPage: true };
    expect(refreshLimit(shownList)).toBe(limit);
  });

  it("removes a deleted or moved chat and renames in place", () => {
    expect(removeChat(list, 2).chats.map((c) => c.id)).toEqual([3, 1]);
    expect(removeChat(list, 42)).toBe(list);
    expect(updateChat(list, 3, { title: "Renamed" }).chats[0]?.title).toBe("Renamed");
  });
});

describe("the chat id of an address", () => {
  it.each([
    ["42", 42],
    ["007", 7],
    [String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
    ["9007199254740993", null],
    ["99999999999999999999999", null],
    ["12a", null],
    ["", null],
    [undefined, null],
  ] as const)("%s → %s", (param, id) => {
    expect(chatIdOf(param)).toBe(id);
  });
});
