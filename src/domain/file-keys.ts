// Where files live in R2: every key starts with its owner's prefix, so serving one checks the key alone.

/** R2 keys of a user's generated images all start here. */
export const generatedPrefix = (userId: number) => `generated/${userId}/`;

/** R2's longest key, in UTF-8 bytes: a longer one names no object, and asking R2 for it is an error. */
export const MAX_KEY_BYTES = 1024;

/**
 * True when `key` lies under `prefix`, and no path trick (`..`, an empty segment) leaves it, and R2 could hold
 * it at all.
 */
export const isKeyUnder = (key: string, prefix: string): boolean =>
  key.startsWith(prefix) &&
  !key.split("/").some((part) => part === ".." || part === "") &&
  new TextEncoder().encode(key).length <= MAX_KEY_BYTES;

/** True when `key` is one of `userId`'s generated files. */
export const isOwnGeneratedKey = (key: string, userId: number): boolean =>
  isKeyUnder(key, generatedPrefix(userId));
