import { useTermsOfUse } from './content/terms-of-use';
import { LegalPage } from './legal-page';

export default function TermsOfUsePage() {
  return <LegalPage policy={useTermsOfUse()} />;
}
