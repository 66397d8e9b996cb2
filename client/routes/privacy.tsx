// /privacy: the privacy policy, from the legal catalogue.
import { LegalPage } from "../components/legal-page";

export default function PrivacyPage() {
  return <LegalPage page="privacy" sections={7} />;
}
