// How a chat is read: its latest page first, older ones as the user scrolls up.

/** Messages per request. */
export const MESSAGE_PAGE_SIZE = 60;
