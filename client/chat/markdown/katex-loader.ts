// The lazily loaded math renderer, with its stylesheet and fonts from our own bundle (the CSP allows no CDN).
import katex from "katex";
import "katex/dist/katex.min.css";

export type KatexModule = typeof katex;
export { katex };
