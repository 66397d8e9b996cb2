// /legalNotice: the legal notice, from the legal catalogue.
import { LegalPage } from "../components/legal-page";

export default function NoticePage() {
  return <LegalPage page="notice" sections={4} />;
}
