// A formula read out by the chat's live region: the symbols a screen reader names in its own language, never
// "dollar backslash frac" — delimiters, backslashes and braces gone.
import { describe, expect, it } from "vitest";
import { spokenMath } from "../../src/domain/chat/spoken-math";

describe("spokenMath", () => {
  it.each<[string, string, string]>([
    ["a fraction", "\\frac{a}{b}", "a/b"],
    ["a fraction of sums, each part grouped", "\\frac{a+1}{b-2}", "(a+1)/(b−2)"],
    ["a fraction whose parts are one term each", "\\dfrac{n(n+1)}{2}", "n(n+1)/2"],
    ["a fraction of single digits, without braces", "\\frac12", "1/2"],
    ["a square root", "\\sqrt{x}", "√x"],
    ["a square root of a sum", "\\sqrt{x^2 + y^2}", "√(x² + y²)"],
    ["a cube root", "\\sqrt[3]{8}", "∛8"],
    ["an nth root", "\\sqrt[n]{x}", "ⁿ√x"],
    ["a square", "x^2", "x²"],
    ["a power in braces", "x^{n+1}", "xⁿ⁺¹"],
    ["a power with no superscript form", "e^{i\\pi}", "e^(iπ)"],
    ["a transpose", "A^T", "A^T"],
    ["a digit subscript", "x_1 + x_2", "x₁ + x₂"],
    ["a letter subscript", "a_{ij}", "a_ij"],
    ["a sum with its limits", "\\sum_{k=1}^{n} k", "∑_(k=1)ⁿ k"],
    ["times, as a cross or a dot", "a \\times b \\cdot c", "a × b × c"],
    ["comparisons", "a \\le b \\ge c \\ne d \\leq e \\geq f \\neq g", "a ≤ b ≥ c ≠ d ≤ e ≥ f ≠ g"],
    ["plus or minus, infinity", "\\pm\\infty", "±∞"],
    ["an integral", "\\int_0^\\infty f(x)\\,dx", "∫₀^∞ f(x) dx"],
    ["Greek letters", "\\alpha + \\beta = \\pi \\Omega", "α + β = π Ω"],
    ["words in text and roman", "\\text{if } x > 0 \\mathrm{ m}", "if x > 0 m"],
    ["functions as words", "\\sin^2 x + \\cos^2 x = 1", "sin² x + cos² x = 1"],
    ["a limit", "\\lim_{h \\to 0} f", "lim_(h → 0) f"],
    ["sized delimiters", "\\left( \\frac{1}{2} \\right)^2", "(1/2)²"],
    ["a null delimiter", "\\left. f \\right|_0", "f |₀"],
    ["a minus sign", "-x - 1", "−x − 1"],
    ["a prime", "f'(x)", "f′(x)"],
    [
      "cases: rows after each other, columns apart",
      "\\begin{cases} 1 & x > 0 \\\\ 0 & x \\le 0 \\end{cases}",
      "1 x > 0, 0 x ≤ 0",
    ],
    ["sets", "x \\in \\mathbb{R}, \\{1, 2\\}", "x ∈ ℝ, {1, 2}"],
    ["a decimal comma in braces", "3{,}14", "3,14"],
    ["an unknown command: its name, no backslash", "\\foo{a}", "foo a"],
    ["stray braces", "{a}} + {{b}", "a + b"],
    ["colour and spacing commands", "\\color{red}{x} \\quad \\textcolor{blue}{y}\\hspace{1em}", "x y"],
    ["a binomial coefficient", "\\binom{n}{k}", "C(n, k)"],
  ])("%s", (_, tex, spoken) => {
    expect(spokenMath(tex)).toBe(spoken);
  });

  it("says a formula nested past any reading without overflowing the stack", () => {
    const deep = `${"{".repeat(50_000)}x${"}".repeat(50_000)}`;
    expect(spokenMath(deep)).toBe("x");
    expect(() => spokenMath("\\frac".repeat(50_000))).not.toThrow();
  });
});
