// Quick search: the recent chats (empty input) and the results of a query, page by page. Each query and
// months window is its own cache entry, so a late answer to an older query is never shown for a newer one.
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { appendResults, type SearchAnswerWire, type SearchHitWire } from "../../src/domain/search";
import { api, readJson } from "../lib/api";

export const searchKeys = {
  all: ["search"] as const,
  recent: () => [...searchKeys.all, "recent"] as const,
  query: (query: string, months: number) => [...searchKeys.all, "query", query, months] as const,
};

const fetchSearch = (query: string, months: number, offset: number, signal: AbortSignal) =>
  readJson(api.api.search.$post({ json: { query, months, offset } }, { init: { signal } }));

/** The 5 most recent chats, read again each time the modal opens. */
export function useRecentChats(enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.recent(),
    queryFn: ({ signal }) => fetchSearch("", 1, 0, signal),
    select: (answer: SearchAnswerWire) => answer.results,
    enabled,
    staleTime: 0,
  });
}

/** Results for `query` (already debounced) over the last `months`; more pages on demand. */
export function useSearchResults(query: string, months: number) {
  const trimmed = query.trim();
  const search = useInfiniteQuery({
    queryKey: searchKeys.query(query, months),
    queryFn: ({ pageParam, signal }) => fetchSearch(query, months, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: SearchAnswerWire, pages) =>
      last.hasMore ? pages.reduce((n, page) => n + page.results.length, 0) : undefined,
    enabled: trimmed.length > 0,
    // While the next query runs, the last answer stays on screen instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const results: SearchHitWire[] =
    search.data?.pages.reduce<SearchHitWire[]>((all, page) => appendResults(all, page.results), []) ?? [];
  return { ...search, results };
}
