import { Navigate, useLocation } from 'react-router-dom';
import { IDENTITY_MESSAGES, isSignedIn, useSession } from '@shambasoko/shared';
import { AuthLayout } from '../../components/auth-layout';
import { RoleStep } from '../../components/role-step';
import { useAuthAction } from '../../components/use-auth-action';
import { useT } from '../../i18n';
import { saveRoles } from './api/save-roles';

/**
 * "I am a…" for an account that holds no role (one made before sign-up asked, or whose sign-up
 * stopped half-way): it chooses before entering the product, never entering as a default Farmer.
 */
export default function ChooseRolesPage() {
  const t = useT();
  const location = useLocation();
  const signedIn = useSession(isSignedIn);
  const { error, setError, busy, run } = useAuthAction<'save'>();
  if (!signedIn) return <Navigate to={{ pathname: '/auth/sign-in', search: location.search }} replace state={location.state} />;
  return (
    <AuthLayout title={t('route.chooseRoles')} subtitle={t('chooseRoles.subtitle')}>
      <RoleStep
        onChoose={(roles) => void run('save', () => saveRoles(roles), IDENTITY_MESSAGES.createAccount)}
        onChange={() => setError(null)}
        action={t('phone.continue')}
        busyText={t('common.saving')}
        busy={busy === 'save'}
        error={error}
      />
    </AuthLayout>
  );
}
