import { Link, useLocation } from 'react-router-dom';
import { Card, EmptyState, buttonClassName } from '@shambasoko/shared/ui';
import { signInPath } from '../../../lib/session';
import { useT } from '../../../lib/i18n-orders';

export function SignInPrompt() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <Card>
      <EmptyState
        icon={null}
        title={t('signIn.title')}
        action={
          <Link to={signInPath(pathname)} state={{ from: pathname }} className={buttonClassName()}>
            {t('signIn.action')}
          </Link>
        }
      />
    </Card>
  );
}
