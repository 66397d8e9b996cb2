// A form field as a screen reader reads it, for tests of where a form's errors are said.
import type { Locator } from "playwright-core";

/** Whether the field is marked invalid, and the texts that describe it (its aria-describedby, in order). */
export const fieldState = (field: Locator) =>
  field.evaluate((element) => ({
    invalid: element.getAttribute("aria-invalid") === "true",
    described: (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? `no #${id}`),
  }));
