// How chats are read: a chat's latest page first, older ones as the user scrolls up; the sidebar page by page.

/** Messages per request. */
export const MESSAGE_PAGE_SIZE = 60;

/** The sidebar asks for this many chats at a time. */
export const CHAT_PAGE_SIZE = 30;

/** The most chats one request may ask for. */
export const CHAT_PAGE_MAX = 100;
