// The public home page: what Switchboard is, its model families, a call to action and the service status.
// Most visitors' first page, loaded without router, query cache or i18next (see main.tsx): keep it light.
import { SEAT_PRICES } from "../../src/domain/pricing";
import { AppLink } from "../components/app-link";
import { useHealth } from "../hooks/use-health";
import { useT } from "../i18n";

const FAMILIES = ["text", "reasoning", "web", "image"] as const;
const FEATURES = ["assistants", "files", "share", "everywhere"] as const;

function Status() {
  const t = useT("home");
  const health = useHealth();
  if (health.state === "pending") {
    return (
      <p className="status" data-testid="health">
        {t("status.checking")}
      </p>
    );
  }
  const ok = health.state === "done" && health.ok;
  const text =
    health.state === "unreachable" ? t("status.unreachable") : ok ? t("status.ok") : t("status.dbDown");
  return (
    <p className="status" data-testid="health" data-ok={String(ok)}>
      {text}
    </p>
  );
}

export default function Home() {
  const t = useT("home");
  return (
    <>
      <section className="hero">
        <h1>{t("hero.title")}</h1>
        <p>{t("hero.text")}</p>
        <div className="hero-actions">
          <AppLink to="/login?mode=signup" className="button large">
            {t("hero.start")}
          </AppLink>
          <AppLink to="/pricing" className="button large secondary">
            {t("hero.plans")}
          </AppLink>
        </div>
      </section>
      <section aria-labelledby="families-title">
        <h2 id="families-title" className="section-title">
          {t("families.title")}
        </h2>
        <div className="cards families">
          {FAMILIES.map((family) => (
            <article key={family} className="card">
              <h3>{t(`families.${family}.name`)}</h3>
              <p>{t(`families.${family}.text`)}</p>
              <p className="models">{t(`families.${family}.models`)}</p>
            </article>
          ))}
        </div>
      </section>
      <section aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          {t("features.title")}
        </h2>
        <div className="cards">
          {FEATURES.map((feature) => (
            <article key={feature} className="card">
              <h3>{t(`features.${feature}.name`)}</h3>
              <p>{t(`features.${feature}.text`)}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="closing">
        <div>
          <h2>{t("closing.title")}</h2>
          <p>{t("closing.text", { price: SEAT_PRICES.starter.monthly })}</p>
        </div>
        <AppLink to="/pricing" className="button large">
          {t("closing.cta")}
        </AppLink>
      </section>
      <Status />
    </>
  );
}
