// Test helpers around provider streams: collect events, join text, build minimal catalogue entries.
import type { ModelEntry } from "../../src/domain/models/types.ts";
import type { ProviderEvent, ProviderRequest } from "../../src/providers/types.ts";

export async function collect(stream: AsyncIterable<ProviderEvent>): Promise<ProviderEvent[]> {
  const events: ProviderEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

export function joined(events: readonly ProviderEvent[], type: "text" | "reasoning"): string {
  return events.map((e) => (e.type === type ? e.delta : "")).join("");
}

export function ofType<T extends ProviderEvent["type"]>(
  events: readonly ProviderEvent[],
  type: T,
): Array<Extract<ProviderEvent, { type: T }>> {
  return events.filter((e): e is Extract<ProviderEvent, { type: T }> => e.type === type);
}

/** Just the catalogue fields the adapters read. */
export function model(
  provider: ModelEntry["provider"],
  providerModel: string,
  extra: Partial<Pick<ModelEntry, "type" | "category" | "inputs" | "reasoningEffort">> = {},
): ProviderRequest["model"] {
  return {
    key: `${provider}-${providerModel}`,
    provider,
    providerModel,
    type: extra.type ?? "text",
    category:
      extra.category ??
      (extra.type === "image" ? "image" : extra.type === "reasoning" ? "reasoning" : "text"),
    inputs: extra.inputs ?? ["text"],
    ...(extra.reasoningEffort ? { reasoningEffort: extra.reasoningEffort } : {}),
  };
}

export function ask(
  m: ProviderRequest["model"],
  content: string,
  extra: Partial<Omit<ProviderRequest, "model" | "messages">> & {
    messages?: ProviderRequest["messages"];
  } = {},
): ProviderRequest {
  return { model: m, messages: [{ role: "user", content }], signal: new AbortController().signal, ...extra };
}
