import { useCookiePolicy } from './content/cookie-policy';
import { LegalPage } from './legal-page';

export default function CookiePolicyPage() {
  return <LegalPage policy={useCookiePolicy()} />;
}
