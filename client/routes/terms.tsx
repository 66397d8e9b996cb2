// /ToU: the terms of use, from the legal catalogue.
import { LegalPage } from "../components/legal-page";

export default function TermsPage() {
  return <LegalPage page="terms" sections={7} />;
}
