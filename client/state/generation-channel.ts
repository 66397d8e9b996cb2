// Tells the app's other tabs that a chat started an answer, so a tab showing that chat follows it live.
const CHANNEL = "switchboard:generations";

interface Announcement {
  chatId: number;
  modelMessageId: number;
}

const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);

export function announceGeneration(announcement: Announcement): void {
  channel?.postMessage(announcement);
}

export function onGenerationAnnounced(listener: (announcement: Announcement) => void): () => void {
  if (!channel) return () => {};
  const handle = (event: MessageEvent<Announcement>) => listener(event.data);
  channel.addEventListener("message", handle);
  return () => channel.removeEventListener("message", handle);
}
