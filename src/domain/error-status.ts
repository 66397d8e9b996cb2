// The error screen's catalogue of SPEC §2/§8: statuses with their own wording, and crawlers that get none.

export const ERROR_STATUSES = [400, 401, 403, 404, 500, 503] as const;
export type KnownErrorStatus = (typeof ERROR_STATUSES)[number];

/** The catalogue key of a status: its own for the six known ones, "default" for any other. */
export const errorKey = (status: number): `${KnownErrorStatus}` | "default" =>
  (ERROR_STATUSES as readonly number[]).includes(status)
    ? (String(status) as `${KnownErrorStatus}`)
    : "default";

/** Search engines and link previewers: they get no error page, the error is only logged. */
const CRAWLER =
  /googlebot|bingbot|yandex(bot|images)|baiduspider|duckduckbot|slurp|applebot|petalbot|ahrefsbot|semrushbot|mj12bot|facebookexternalhit|facebot|twitterbot|linkedinbot|slackbot|discordbot|telegrambot|whatsapp|embedly|pinterest|redditbot|bytespider|gptbot|claudebot|ccbot|\b(bot|crawler|spider)\b|[a-z]bot\//i;

export const isCrawler = (userAgent: string): boolean => CRAWLER.test(userAgent);
