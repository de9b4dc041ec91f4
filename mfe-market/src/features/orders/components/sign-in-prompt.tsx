import { Link, useLocation } from 'react-router-dom';
import { Card, EmptyState, buttonClassName } from '@shambasoko/shared/ui';
import { signInPath } from '../../../lib/session';

export function SignInPrompt() {
  const { pathname } = useLocation();
  return (
    <Card>
      <EmptyState
        icon={null}
        title="Sign in to see your orders"
        action={
          <Link to={signInPath(pathname)} state={{ from: pathname }} className={buttonClassName()}>
            Sign In
          </Link>
        }
      />
    </Card>
  );
}
