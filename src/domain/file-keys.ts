// Where files live in R2: every key starts with its owner's prefix, so serving one checks the key alone.

/** R2 keys of a user's generated images all start here. */
export const generatedPrefix = (userId: number) => `generated/${userId}/`;

/** True when `key` lies under `prefix`, and no path trick (`..`, an empty segment) leaves it. */
export const isKeyUnder = (key: string, prefix: string): boolean =>
  key.startsWith(prefix) && !key.split("/").some((part) => part === ".." || part === "");

/** True when `key` is one of `userId`'s generated files. */
export const isOwnGeneratedKey = (key: string, userId: number): boolean =>
  isKeyUnder(key, generatedPrefix(userId));
