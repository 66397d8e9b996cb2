// The shared page's one stylesheet, inline (no extra request): the app's palette, readable on a phone, the
// colour mode following the reader's device (SPEC §2 forces none on /shared), code tokens and math. Every
// text on its background reads at WCAG AA (4.5:1) in both modes: in the dark one the light accent buttons
// take dark text, as the app's own (--on-primary) do.
export const PAGE_STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f1a17;--muted:#6b625c;--border:#e4ddd7;--soft:#f6f2ef;--accent:#8e6e59;--on-accent:#fff;--link:#7a5840;--user:#f3ede8}
@media (prefers-color-scheme:dark){:root{--bg:#17130f;--fg:#eee8e3;--muted:#a89d94;--border:#3a322c;--soft:#221c17;--accent:#c49a7c;--on-accent:#17130f;--link:#d9b395;--user:#2a231d}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
a{color:var(--link)}
.top{display:flex;align-items:center;justify-content:space-between;gap:12px;max-width:780px;margin:0 auto;padding:14px 16px;border-bottom:1px solid var(--border)}
.brand{font-weight:700;color:var(--accent);text-decoration:none;letter-spacing:.02em;white-space:nowrap;flex:none}
main{max-width:780px;margin:0 auto;padding:8px 16px 40px}
h1.title{font-size:1.5rem;line-height:1.3;margin:20px 0 4px}
.meta{color:var(--muted);font-size:.9rem;margin:0 0 24px}
.top .meta{margin:0}
.message{margin:0 0 22px}
.who{font-size:.85rem;font-weight:600;color:var(--muted);margin:0 0 4px}
.message.user .text{background:var(--user);border-radius:12px;padding:10px 14px;white-space:pre-wrap}
.note{color:var(--muted);font-style:italic}
details.reasoning{border-left:3px solid var(--border);padding:0 0 0 12px;margin:0 0 10px;color:var(--muted)}
details.reasoning div{white-space:pre-wrap}
.sources{font-size:.9rem;margin:0 0 10px;padding-left:1.2em;color:var(--muted)}
.images{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0}
.images img{max-width:min(100%,360px);height:auto;border-radius:8px;border:1px solid var(--border)}
.markdown p,.markdown ul,.markdown ol,.markdown blockquote,.markdown table{margin:0 0 .9em}
.markdown>:last-child{margin-bottom:0}
.markdown h1,.markdown h2,.markdown h3,.markdown h4{margin:1.2em 0 .5em;line-height:1.3}
.markdown h1{font-size:1.35rem}.markdown h2{font-size:1.2rem}.markdown h3{font-size:1.08rem}
.markdown ul,.markdown ol{padding-left:1.5em}
.markdown li:has(>input[type=checkbox]){list-style:none}
.markdown blockquote{padding:0 0 0 12px;border-left:3px solid var(--border);color:var(--muted)}
.markdown table{border-collapse:collapse;display:block;overflow-x:auto}
.markdown th,.markdown td{border:1px solid var(--border);padding:6px 10px}
.markdown :not(pre)>code{background:var(--soft);padding:.1em .35em;border-radius:4px;font-size:.9em}
.code-block{border:1px solid var(--border);border-radius:8px;margin:0 0 .9em;overflow:hidden}
.code-head{background:var(--soft);padding:4px 12px;font-size:.8rem;color:var(--muted)}
.code-block pre{margin:0;padding:12px;overflow-x:auto;font-size:.875rem;line-height:1.5}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.math-display{overflow-x:auto;margin:0 0 .9em;text-align:center}
math{overflow:clip}
.hljs-keyword,.hljs-selector-tag,.hljs-built_in,.hljs-type{color:#a626a4}
.hljs-string,.hljs-attr,.hljs-regexp{color:#50a14f}
.hljs-number,.hljs-literal{color:#b76b01}
.hljs-comment,.hljs-quote{color:var(--muted);font-style:italic}
.hljs-title,.hljs-function,.hljs-section{color:#4078f2}
@media (prefers-color-scheme:dark){.hljs-keyword,.hljs-selector-tag,.hljs-built_in,.hljs-type{color:#c678dd}.hljs-string,.hljs-attr,.hljs-regexp{color:#98c379}.hljs-number,.hljs-literal{color:#d19a66}.hljs-title,.hljs-function,.hljs-section{color:#61afef}}
.continue{margin:28px 0 0;padding:16px;border:1px solid var(--border);border-radius:12px;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:12px}
.continue p{margin:0;color:var(--muted)}
.button{display:inline-block;background:var(--accent);color:var(--on-accent);border:0;border-radius:8px;padding:10px 16px;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button:focus-visible,a:focus-visible{outline:3px solid var(--link);outline-offset:2px}
footer{max-width:780px;margin:0 auto;padding:16px;color:var(--muted);font-size:.85rem;border-top:1px solid var(--border)}
.gone{text-align:center;padding:60px 16px}
.gone .mascot{margin:0 auto 16px;max-width:60%;height:auto}
`
  .replace(/\n/g, "")
  .trim();
