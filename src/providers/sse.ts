// Reads a Server-Sent Events body into the data payload of each event (for APIs we call without an SDK).
export async function* readSse(res: Response): AsyncGenerator<string> {
  if (!res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value.replace(/\r\n?/g, "\n");
      for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
        const data = dataOf(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (data !== undefined) yield data;
      }
    }
    const data = dataOf(buffer);
    if (data !== undefined) yield data;
  } finally {
    reader.releaseLock();
  }
}

/** The joined `data:` lines of one event; comments and other fields are ignored. */
function dataOf(event: string): string | undefined {
  const lines = event.split("\n").filter((line) => line.startsWith("data:"));
  if (!lines.length) return undefined;
  return lines.map((line) => line.slice(line.startsWith("data: ") ? 6 : 5)).join("\n");
}
