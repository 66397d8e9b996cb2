// Where files live in R2: every key starts with its owner's prefix, so serving one checks the key alone.

/** R2 keys of a user's generated images all start here. */
export const generatedPrefix = (userId: number) => `generated/${userId}/`;

/** True when `key` is one of `userId`'s generated files (and no path trick leaves the prefix). */
export const isOwnGeneratedKey = (key: string, userId: number): boolean =>
  key.startsWith(generatedPrefix(userId)) && !key.split("/").some((part) => part === ".." || part === "");
