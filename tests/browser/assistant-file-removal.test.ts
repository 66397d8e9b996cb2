// An assistant's stored file while its confirmed removal is out: its × is unavailable (aria-disabled, keeping the
// focus) and its row says "Removing…", so pressing it again neither asks again nor sends a second delete.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUrl, poll, sessionPerFile, watchProblems } from "./chat-support";
import { holdRequests } from "./session";

const session = sessionPerFile();
let problems: string[];
let assistantId: number;
const apiHeaders = () => ({ Origin: appUrl(), "X-Switchboard-Request": "1" });

beforeAll(async () => {
  problems = watchProblems(session.page);
  const made = await session.context.request.post(`${appUrl()}/api/assistants/update`, {
    data: { assistant: { label: `Files ${crypto.randomUUID().slice(0, 8)}`, preprompt: "" } },
    headers: apiHeaders(),
  });
  expect(made.status()).toBe(201);
  assistantId = ((await made.json()) as { id: number }).id;
  for (const name of ["first.txt", "second.txt"]) {
    const uploaded = await session.context.request.post(`${appUrl()}/api/attachments/upload`, {
      headers: apiHeaders(),
      multipart: {
        file: { name, mimeType: "text/plain", buffer: Buffer.from(`The notes of ${name}.`) },
        assistantId: String(assistantId),
      },
    });
    expect(uploaded.status()).toBe(201);
  }
});

afterAll(async () => {
  await session.context.request.post(`${appUrl()}/api/assistants/delete`, {
    data: { assistantId },
    headers: apiHeaders(),
  });
});

describe("an assistant's stored file being removed", () => {
  it("cannot be removed again while its delete is out, says so, and keeps the focus on its ×", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/assistants/${assistantId}`);
    await page.getByRole("heading", { name: "Edit assistant" }).waitFor();
    const row = page.getByTestId("assistant-file").filter({ hasText: "first.txt" });
    const remove = page.getByRole("button", { name: "Remove first.txt", exact: true });
    const dialog = page.getByRole("dialog", { name: "Remove first.txt?" });
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));

    const held = await holdRequests(page, "/api/attachments/delete");
    await remove.press("Enter");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Remove file" }).click();
    await poll(() => held.count).toBe(1);
    await poll(() => dialog.isVisible()).toBe(false);

    // While the delete is out: the × is unavailable yet keeps the focus, and the row says what is going on.
    expect(await remove.getAttribute("aria-disabled")).toBe("true");
    expect(await focusedLabel()).toBe("Remove first.txt");
    await poll(() => row.getByRole("status").textContent()).toBe("Removing…");
    expect(await row.getAttribute("aria-busy")).toBe("true");
    // Pressed again, from the keyboard and with the pointer: no second question, no second request.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Space");
    await remove.click({ force: true });
    expect(await dialog.isVisible()).toBe(false);
    // The other file is not held up by it.
    const other = page.getByRole("button", { name: "Remove second.txt", exact: true });
    expect(await other.getAttribute("aria-disabled")).toBeNull();

    held.release();
    await poll(() => row.count()).toBe(0);
    expect(held.count).toBe(1);
    // The row gone, its focus goes on to the next file's ×.
    await poll(focusedLabel).toBe("Remove second.txt");
    await page.unroute("**/api/attachments/delete");
    expect(problems).toEqual([]);
  });

  it("is available again, with the reason, when its delete fails", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/assistants/${assistantId}`);
    await page.getByRole("heading", { name: "Edit assistant" }).waitFor();
    const row = page.getByTestId("assistant-file").filter({ hasText: "second.txt" });
    const remove = page.getByRole("button", { name: "Remove second.txt", exact: true });
    await page.route("**/api/attachments/delete", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
    );
    await remove.click();
    await page
      .getByRole("dialog", { name: "Remove second.txt?" })
      .getByRole("button", { name: "Remove file" })
      .click();
    await page.getByRole("alert").filter({ hasText: "second.txt could not be removed" }).waitFor();
    await poll(() => remove.getAttribute("aria-disabled")).toBeNull();
    expect(await row.getByRole("status").count()).toBe(0);
    await page.unroute("**/api/attachments/delete");
    // The failed 500 is a console error of the page's own making here, not a problem of the app.
    expect(problems.filter((problem) => !problem.includes("status of 500"))).toEqual([]);
  });
});
