// A TeX formula as a screen reader can say it (the chat's live region, src/domain/chat/spoken-text.ts): no
// delimiters, backslashes or braces, commands as the symbols they draw — "√x", "a/b", "x²", "≤", "π".
//
// Symbols, not words ("a over b", "square root of"): a screen reader names √, ×, ≤, ∞, π or ² in the language
// its user set it to speak (its symbol dictionary follows the voice, not the page), so one mapping serves the
// nine UI languages alike, where words would need translating into each and would be said in the page's
// language by a voice set to another. Symbols also keep a formula short in the ~400 characters read out.
// Where Unicode has no form a screen reader knows (a superscript letter), the TeX mark stays: "x^T".

/** "name symbol name symbol …" as pairs. */
function pairs(text: string): [string, string][] {
  const words = text.split(" ");
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < words.length; i += 2) out.push([words[i] as string, words[i + 1] as string]);
  return out;
}

/** Commands drawn as one symbol. Greek letters are said by their names ("alpha") by screen readers. */
const SYMBOLS: ReadonlyMap<string, string> = new Map([
  ...pairs(
    "alpha α beta β gamma γ delta δ epsilon ε varepsilon ε zeta ζ eta η theta θ vartheta ϑ iota ι kappa κ " +
      "lambda λ mu μ nu ν xi ξ omicron ο pi π varpi ϖ rho ρ varrho ϱ sigma σ varsigma ς tau τ upsilon υ " +
      "phi φ varphi φ chi χ psi ψ omega ω Gamma Γ Delta Δ Theta Θ Lambda Λ Xi Ξ Pi Π Sigma Σ " +
      "Upsilon Υ Phi Φ Psi Ψ Omega Ω",
  ),
  ...pairs(
    "cdot × times × ast ∗ div ÷ pm ± mp ∓ le ≤ leq ≤ leqslant ≤ ge ≥ geq ≥ geqslant ≥ ne ≠ neq ≠ lt < " +
      "gt > ll ≪ gg ≫ approx ≈ sim ∼ simeq ≃ equiv ≡ cong ≅ propto ∝ infty ∞ sum ∑ prod ∏ int ∫ iint ∬ " +
      "oint ∮ partial ∂ nabla ∇ in ∈ notin ∉ ni ∋ subset ⊂ subseteq ⊆ supset ⊃ supseteq ⊇ cup ∪ cap ∩ " +
      "setminus ∖ emptyset ∅ varnothing ∅ forall ∀ exists ∃ neg ¬ lnot ¬ land ∧ wedge ∧ lor ∨ vee ∨ " +
      "to → rightarrow → longrightarrow → leftarrow ← gets ← leftrightarrow ↔ Rightarrow ⇒ implies ⇒ " +
      "Leftarrow ⇐ Leftrightarrow ⇔ iff ⇔ mapsto ↦ ldots … dots … cdots … dotsc … dotsb … vdots ⋮ " +
      "circ ∘ degree ° angle ∠ perp ⊥ parallel ∥ mid ∣ prime ′ langle ⟨ rangle ⟩ lfloor ⌊ rfloor ⌋ " +
      "lceil ⌈ rceil ⌉ vert | lvert | rvert | Vert ‖ lVert ‖ rVert ‖ therefore ∴ because ∵ hbar ℏ ell ℓ " +
      "aleph ℵ",
  ),
]);

/** Named functions, said as words of their own. */
const FUNCTIONS = new Set(
  "sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh log ln lg exp lim liminf limsup max min sup inf det gcd lcm arg deg dim ker Pr mod bmod".split(
    " ",
  ),
);
/** Commands whose argument is said as it is: text, fonts, accents. */
const CONTENTS = new Set(
  "text textrm textnormal textbf textit textsf texttt mathrm mathbf mathit mathsf mathtt mathcal mathscr mathfrak mathbb boldsymbol bm mbox hbox emph overline underline bar hat widehat tilde widetilde vec dot ddot overrightarrow boxed".split(
    " ",
  ),
);
/** Commands that only size, space or arrange: nothing to say. */
const SILENT = new Set(
  "left right middle big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr displaystyle textstyle scriptstyle limits nolimits hline nonumber notag".split(
    " ",
  ),
);
/** Commands whose argument is no part of what is said (environments, colours, spacing, labels). */
const DROPPED_ARGUMENT = new Set("begin end color label tag hspace vspace kern mkern phantom".split(" "));

const DOUBLE_STRUCK: ReadonlyMap<string, string> = new Map(pairs("N ℕ Z ℤ Q ℚ R ℝ C ℂ"));
/** Only the forms screen readers know well (Unicode's superscript and subscript blocks). */
const SUPERSCRIPTS = mapping("0123456789+−=()ni", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ");
const SUBSCRIPTS = mapping("0123456789+−=()", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎");

function mapping(from: string, to: string): Map<string, string> {
  const target = [...to];
  return new Map([...from].map((c, i) => [c, target[i] ?? c]));
}

interface Reader {
  tex: string;
  at: number;
  /** Groups and commands open around `at`. */
  depth: number;
}

/**
 * Deeper than any formula a person reads: past it, a brace or a command is skipped, not followed — a model's
 * ten thousand nested braces must not overflow the stack of the page.
 */
const MAX_DEPTH = 50;

/** `tex` as symbols and words, on one line. */
export function spokenMath(tex: string): string {
  return sequence({ tex, at: 0, depth: 0 }, null)
    .replace(/\s+/g, " ")
    .replace(/([([⟨]) | (?=[)\],⟩])/g, "$1")
    .trim();
}

/** What is said up to `close` (past it), or to the end; a brace that closes nothing is dropped. */
function sequence(r: Reader, close: string | null): string {
  let out = "";
  while (r.at < r.tex.length) {
    const c = r.tex[r.at] as string;
    if (c === close) {
      r.at++;
      return out;
    }
    if (c === "}") r.at++;
    else if (c === "^" || c === "_") {
      r.at++;
      // Attached to what it follows ("sin²", not "sin ²").
      out = out.trimEnd() + script(argument(r), c === "^" ? SUPERSCRIPTS : SUBSCRIPTS, c);
    } else out += atom(r);
  }
  return out;
}

/** One thing of the formula: a group, a command or a character. */
function atom(r: Reader): string {
  const c = r.tex[r.at] as string;
  if ((c === "{" || c === "\\") && r.depth < MAX_DEPTH) {
    r.depth++;
    if (c === "{") r.at++;
    const said = c === "{" ? sequence(r, "}") : command(r);
    r.depth--;
    return said;
  }
  r.at++;
  if (c === "{" || c === "\\") return "";
  if (c === "-") return "−";
  if (c === "'") return "′";
  if (c === "&" || c === "~") return " ";
  return c;
}

/** A command's argument: a group, a command or one character (spaces before it skipped). */
function argument(r: Reader): string {
  while (/\s/.test(r.tex[r.at] ?? "")) r.at++;
  return r.at < r.tex.length && r.tex[r.at] !== "}" ? atom(r) : "";
}

function command(r: Reader): string {
  const name = /^\\(?:[a-zA-Z]+|[\s\S]?)/.exec(r.tex.slice(r.at, r.at + 40))?.[0].slice(1) ?? "";
  r.at += name.length + 1;
  if (name === "frac" || name === "dfrac" || name === "tfrac" || name === "cfrac") {
    const numerator = argument(r);
    return `${grouped(numerator)}/${grouped(argument(r))}`;
  }
  if (name === "sqrt") {
    let root = "√";
    if (r.tex[r.at] === "[") {
      r.at++;
      const index = sequence(r, "]").trim();
      root = index === "3" ? "∛" : index === "4" ? "∜" : `${script(index, SUPERSCRIPTS, "^")}√`;
    }
    return root + grouped(argument(r));
  }
  if (name === "binom") {
    const n = argument(r);
    return `C(${n}, ${argument(r)})`;
  }
  if (name === "mathbb") {
    const set = argument(r);
    return DOUBLE_STRUCK.get(set.trim()) ?? set;
  }
  if (name === "textcolor") {
    argument(r);
    return argument(r);
  }
  if (name === "operatorname") return ` ${argument(r)} `;
  if (CONTENTS.has(name)) return argument(r);
  if (DROPPED_ARGUMENT.has(name)) {
    argument(r);
    return "";
  }
  if (SILENT.has(name)) {
    // \left. and \right. size no delimiter at all.
    if (r.tex[r.at] === ".") r.at++;
    return "";
  }
  const symbol = SYMBOLS.get(name);
  if (symbol !== undefined) return symbol;
  if (FUNCTIONS.has(name)) return ` ${name} `;
  // Spacing (\, \; \: \!), a line break in an alignment, escaped characters.
  if (name === "\\") return ", ";
  if (name === "|") return "‖";
  if (/^(?:[,;:!\s]?|q?quad)$/.test(name)) return " ";
  return name.length === 1 ? name : ` ${name} `;
}

/** A fraction's or root's part: bare when it reads as one term ("x", "2n", "(a+b)"), else in parentheses. */
function grouped(text: string): string {
  const part = text.trim();
  let depth = 0;
  for (const c of part) {
    if ("([{⟨".includes(c)) depth++;
    else if (")]}⟩".includes(c)) depth--;
    else if (depth === 0 && /[\s+−=<>±∓×÷/≤≥≠≈→,;:∑∏∫]/.test(c)) return `(${part})`;
  }
  return part;
}

/** A superscript or subscript in Unicode's forms, or with its mark ("x^(n+1)") where one has none. */
function script(text: string, forms: Map<string, string>, mark: string): string {
  const part = text.trim();
  if (!part) return "";
  if (/^′+$/.test(part)) return part;
  const chars = [...part];
  if (chars.every((c) => forms.has(c))) return chars.map((c) => forms.get(c)).join("");
  return mark + (chars.length === 1 || (mark === "_" && grouped(part) === part) ? part : `(${part})`);
}
