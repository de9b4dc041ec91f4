import { usePrivacyPolicy } from './content/privacy-policy';
import { LegalPage } from './legal-page';

export default function PrivacyPolicyPage() {
  return <LegalPage policy={usePrivacyPolicy()} />;
}
