// A new chat's first frame (#boot-shell in index.html, shown by theme-boot.js) goes once the app has put
// its own screen on the page — or a redirect, an error page, anything else in its place.
export function removeBootShell(): void {
  const root = document.documentElement;
  if (!root.hasAttribute("data-boot")) return;
  document.getElementById("boot-shell")?.remove();
  for (const name of ["data-boot", "data-boot-lang", "data-boot-default"]) root.removeAttribute(name);
}
