// The Seats field typed as a person types it (on /pricing and on the change page): emptied, then over the maximum.
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { eventually } from "./session";

const SEATS_RULE = "Enter a whole number of seats from 1 to 1,000.";

/** Empties the field with the keyboard: it keeps the empty text and says what it takes. */
export async function emptySeats(page: Page, seats: Locator): Promise<void> {
  await seats.selectText();
  await seats.press("Backspace");
  expect(await seats.inputValue()).toBe("");
  await eventually(() => page.locator("#seats-error").textContent()).toBe(SEATS_RULE);
  expect(await seats.getAttribute("aria-invalid")).toBe("true");
}

/** Types 2000 into the emptied field: kept as typed and refused, never dropped for the last valid count. */
export async function typeTooManySeats(page: Page, seats: Locator): Promise<void> {
  await seats.pressSequentially("2000");
  expect(await seats.inputValue()).toBe("2000");
  expect(await page.locator("#seats-error").textContent()).toBe(SEATS_RULE);
}
