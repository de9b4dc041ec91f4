import { useDataPolicy } from './content/data-policy';
import { LegalPage } from './legal-page';

export default function DataPolicyPage() {
  return <LegalPage policy={useDataPolicy()} />;
}
