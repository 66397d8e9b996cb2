// Midjourney's grid buttons: which labels are buttons, the question a press records, which picture it acts on,
// the button a message offers, and the press a question's stored metadata records.
import { describe, expect, it } from "vitest";
import {
  findImageChoice,
  GRID_CHOICES,
  type GridChoice,
  isGridChoice,
  type PressRecord,
  pictureOf,
  pressQuestion,
  recordedPress,
} from "../../src/domain/chat/midjourney.ts";
import type { StreamImage } from "../../src/domain/chat/stream-events.ts";

describe("the grid's buttons", () => {
  it("are U1–U4 then V1–V4", () => {
    expect(GRID_CHOICES).toEqual(["U1", "U2", "U3", "U4", "V1", "V2", "V3", "V4"]);
  });

  const labels: [unknown, boolean][] = [
    ["U1", true],
    ["U4", true],
    ["V1", true],
    ["V4", true],
    ["U5", false],
    ["V0", false],
    ["u1", false],
    ["", false],
    ["Vary (Subtle)", false],
    ["Upscale (Creative)", false],
    [null, false],
    [2, false],
  ];
  it.each(labels)("%j is a button the chat shows: %s", (label, shown) => {
    expect(isGridChoice(label)).toBe(shown);
  });

  const pressed: [GridChoice, string, number][] = [
    ["U1", "Upscale U1", 1],
    ["U4", "Upscale U4", 4],
    ["V1", "Vary V1", 1],
    ["V2", "Vary V2", 2],
    ["V4", "Vary V4", 4],
  ];
  it.each(pressed)("%s records the question %j and acts on picture %i", (choice, question, picture) => {
    expect(pressQuestion(choice)).toBe(question);
    expect(pictureOf(choice)).toBe(picture);
  });
});

describe("findImageChoice", () => {
  const grid: StreamImage = {
    url: "/api/files/g.png",
    mimeType: "image/png",
    choices: [
      { label: "U2", taskId: "t1", customId: "MJ::JOB::upsample::2::t1" },
      { label: "V2", taskId: "t1", customId: "MJ::JOB::variation::2::t1" },
    ],
  };
  const single: StreamImage = { url: "/api/files/u.png", mimeType: "image/png" };
  const cases: [string, StreamImage[] | undefined, GridChoice, string | undefined][] = [
    ["a grid's upscale", [grid], "U2", "MJ::JOB::upsample::2::t1"],
    ["a grid's variation", [grid], "V2", "MJ::JOB::variation::2::t1"],
    ["a button the grid did not list", [grid], "V3", undefined],
    ["a picture with no buttons", [single], "V2", undefined],
    ["a message with no pictures", undefined, "U1", undefined],
  ];
  it.each(cases)("%s", (_, images, choice, customId) => {
    expect(findImageChoice(images, choice)?.customId).toBe(customId);
  });
});

describe("recordedPress", () => {
  const whole: PressRecord = { choice: "V3", taskId: "17", customId: "MJ::JOB::variation::3::17" };
  const cases: [string, unknown, PressRecord | undefined][] = [
    ["a whole press", { role: "user", pressed: whole }, whole],
    ["an upscale's press", { role: "user", pressed: { ...whole, choice: "U3" } }, { ...whole, choice: "U3" }],
    ["a question that pressed nothing", { role: "user" }, undefined],
    ["a button the chat does not offer", { role: "user", pressed: { ...whole, choice: "R1" } }, undefined],
    ["no task", { role: "user", pressed: { ...whole, taskId: "" } }, undefined],
    ["a custom id that is no string", { role: "user", pressed: { ...whole, customId: 3 } }, undefined],
    ["a press that is no object", { role: "user", pressed: "V3" }, undefined],
    ["no metadata at all", null, undefined],
  ];
  it.each(cases)("%s", (_, metadata, expected) => {
    expect(recordedPress(metadata)).toEqual(expected);
  });

  it("keeps only the press's own fields", () => {
    expect(recordedPress({ pressed: { ...whole, messageId: 4, extra: true } })).toEqual(whole);
  });
});
