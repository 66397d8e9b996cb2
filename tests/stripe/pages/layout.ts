// The hosted pages' frame: escaping, one inline stylesheet (no external assets), small helpers.

export function esc(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fa}
main{max-width:880px;margin:0 auto;padding:24px 16px 48px}
header{display:flex;align-items:center;gap:12px;margin-bottom:20px}
header h1{font-size:20px;margin:0;flex:1}
.badge{display:inline-block;font-size:12px;font-weight:600;padding:2px 8px;border-radius:10px;background:#ffde92;color:#5c3c00}
.badge.ok{background:#d7f7c2;color:#05690d}.badge.bad{background:#ffe7f2;color:#b3093c}.badge.muted{background:#e3e8ee;color:#3c4257}
.grid{display:grid;grid-template-columns:1fr 1fr;gap:24px}@media(max-width:720px){.grid{grid-template-columns:1fr}}
.card{background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:20px;margin-bottom:16px}
.card h2{font-size:16px;margin:0 0 12px}
.row{display:flex;justify-content:space-between;align-items:center;gap:12px;padding:4px 0}
.row.total{border-top:1px solid #e3e8ee;margin-top:8px;padding-top:10px;font-weight:700}
.muted{color:#697386;font-size:13px}
label{display:block;font-size:13px;font-weight:600;margin:10px 0 4px}
input,select,textarea{width:100%;padding:8px 10px;border:1px solid #cfd7df;border-radius:6px;font:inherit;background:#fff}
button{font:inherit;font-weight:600;padding:9px 16px;border-radius:6px;border:1px solid #cfd7df;background:#fff;cursor:pointer}
button.primary{background:#635bff;border-color:#635bff;color:#fff;width:100%;margin-top:14px}
button.danger{color:#b3093c}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}
.inline{display:flex;gap:8px;align-items:flex-end}.inline>*{flex:1}.inline button{flex:0 0 auto}
.alert{padding:10px 12px;border-radius:6px;background:#ffe7f2;color:#b3093c;margin:10px 0}
.notice{padding:10px 12px;border-radius:6px;background:#e8f4fd;color:#0a4d8c;margin:0 0 16px}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:6px 4px;border-bottom:1px solid #eef1f4;font-size:14px}
a{color:#635bff}
`;

/**
 * A hosted page. Its text stays English; the language its session was asked for (`locale`) is written in a
 * meta tag, where a test reads what Stripe's own page would have been shown in.
 */
export function page(title: string, body: string, locale?: string | null): string {
  const asked = locale ? `<meta name="stripe-locale" content="${esc(locale)}">` : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>${asked}<style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function row(label: string, value: string, testId?: string, cls = ""): string {
  return `<div class="row ${cls}"><span>${label}</span><span${testId ? ` data-testid="${testId}"` : ""}>${value}</span></div>`;
}

export const testMode = `<span class="badge" title="Local Stripe server (tests/stripe)">Test mode</span>`;
