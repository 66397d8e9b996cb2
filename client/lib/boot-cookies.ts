// The page's cookies for the app's first render: as the Worker saw them, when it served the page
// (src/domain/boot-cookies.ts), so that the start-up does not wait on the browser for document.cookie.
import { BOOT_COOKIES_ATTRIBUTE } from "../../src/domain/boot-cookies";

/** Only for the first render: the copy is the request's, and a cookie written since is not in it. */
export const bootCookieHeader = (): string =>
  document.documentElement.getAttribute(BOOT_COOKIES_ATTRIBUTE) ?? document.cookie;
