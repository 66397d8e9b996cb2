// The public home page: what Switchboard is, the model families, and the service status.
import { useHealth } from "../hooks/use-health";

const FAMILIES = [
  { name: "Text", models: "GPT-5, Claude, Gemini, Mistral, Grok, Llama, DeepSeek" },
  { name: "Reasoning", models: "o3, GPT-5 thinking, Claude extended thinking, Magistral" },
  { name: "Web search", models: "Perplexity Sonar and web-enabled GPT, Claude, Gemini, Grok" },
  { name: "Images", models: "Flux, Stable Diffusion 3.5, Recraft, Midjourney, GPT Image" },
];

function Status() {
  const health = useHealth();
  if (health.isPending) return <span data-testid="health">Checking the service…</span>;
  if (health.isError) return <span data-testid="health">Service unreachable</span>;
  return (
    <span data-testid="health" data-ok={String(health.data.ok)}>
      {health.data.ok ? "All systems operational" : "Database unavailable"}
    </span>
  );
}

export default function Home() {
  return (
    <main className="home">
      <header className="home-header">
        <img src="/icons/logo.svg" alt="" width={40} height={40} />
        <span className="brand">Switchboard</span>
      </header>
      <section className="hero">
        <h1>Every AI model, one conversation away.</h1>
        <p>
          Chat with the best text, reasoning, web-search and image models from OpenAI, Anthropic, Google,
          Mistral, xAI and more — in one place, organised by your own assistants.
        </p>
        <a className="cta" href="/pricing">
          See plans
        </a>
      </section>
      <section className="families" aria-label="Model families">
        {FAMILIES.map((f) => (
          <article key={f.name}>
            <h2>{f.name}</h2>
            <p>{f.models}</p>
          </article>
        ))}
      </section>
      <footer className="home-footer">
        <Status />
      </footer>
    </main>
  );
}
