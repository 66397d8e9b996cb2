// Which category lines of the model picker are expanded, remembered in the browser (SPEC §3 category-line
// flags, a bounded index of 20 keys): every line starts expanded; collapsing one is kept across visits.
import { useCallback, useState } from "react";
import { readCategoryLine, writeCategoryLine } from "../../src/domain/local-storage";
import type { ModelCategory } from "../../src/domain/models";
import { browserStorage, logStorage } from "../lib/storage";

const keyOf = (category: ModelCategory) => `picker:${category}`;

export function useCategoryLines() {
  const [version, setVersion] = useState(0);
  const isExpanded = useCallback(
    // `version` changes after each write, so a toggle re-reads the storage.
    (category: ModelCategory) =>
      version >= 0 && readCategoryLine(browserStorage, keyOf(category), logStorage, true),
    [version],
  );
  const toggle = useCallback(
    (category: ModelCategory) => {
      writeCategoryLine(browserStorage, keyOf(category), !isExpanded(category), logStorage);
      setVersion((v) => v + 1);
    },
    [isExpanded],
  );
  return { isExpanded, toggle };
}
