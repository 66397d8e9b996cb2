// The slice of highlight.js's types the Worker uses. Its own types reference the DOM library, which would
// change the Worker's globals (BufferSource, Element, caches); tsconfig.worker.json maps the imports here.
export type LanguageFn = (hljs: HLJSApi) => object;

export interface HLJSApi {
  registerLanguage(name: string, language: LanguageFn): void;
  getLanguage(name: string): object | undefined;
  highlight(code: string, options: { language: string; ignoreIllegals?: boolean }): { value: string };
}

declare const hljs: HLJSApi;
export default hljs;
