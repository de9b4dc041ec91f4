import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '@shambasoko/shared';
import { afterSignIn } from './redirect-target';

const CHOOSE_ROLES_PATH = '/auth/choose-roles';

/**
 * Where a finished sign-in or sign-up goes: an account that holds no role yet chooses its roles first
 * (carrying where it was going); any other goes on at once.
 */
export function useGoOn(): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  return () => {
    if (useSession.getState().user?.roles?.length === 0) {
      navigate({ pathname: CHOOSE_ROLES_PATH, search: location.search }, { replace: true, state: location.state });
    } else {
      navigate(afterSignIn(location), { replace: true });
    }
  };
}
