import type { FarmPerson, FarmUser } from '@shambasoko/contracts';
import { Badge } from '@shambasoko/shared/ui';
import { ItemActions } from '../../../components/icon-button';
import { nameOrUnknown } from '../../../lib/format';
import { memberActions } from '../../../lib/permissions';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { useT, valueLabel, type WorkT } from '../../../lib/i18n-work';
import { useT as useUserT } from '../../../lib/i18n-users';

/** Where on the farm a membership reaches: the whole farm, or its field / season / crop. */
function scopeOf(t: WorkT, m: FarmUser): string {
  const parts = [m.fieldId && nameOrUnknown(m.fieldName), m.seasonId && m.seasonName, m.cropId && m.cropName].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : t('common.wholeFarm');
}

export type MembershipsProps = {
  person: FarmPerson;
  me: string | null;
  onEdit: (m: FarmUser) => void;
  onRemove: (m: FarmUser) => void;
};

/** A person's farms, each with its role and scope, and Edit / Remove where the API allows them. */
export function Memberships({ person, me, onEdit, onRemove }: MembershipsProps) {
  const { roleOf } = useFarmRoles();
  const t = useT();
  const userT = useUserT();
  return (
    <ul aria-label={userT('users.farmsOf', { name: person.name })} className="flex flex-col gap-1">
      {person.memberships.map((m) => {
        const may = memberActions(roleOf(m.farmId), m, me);
        return (
          <li key={m.id} className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-stone-900">{nameOrUnknown(m.farmName)}</span>
            <Badge tone={m.role === 'Owner' ? 'success' : 'neutral'}>{valueLabel(t, 'role', m.role)}</Badge>
            <span className="text-sm text-stone-600">{scopeOf(t, m)}</span>
            {m.status === 'inactive' && <Badge tone="neutral">{userT('users.inactive')}</Badge>}
            <ItemActions
              name={person.name}
              suffix={userT('users.onFarm', { farm: nameOrUnknown(m.farmName) })}
              onEdit={may.edit ? () => onEdit(m) : undefined}
              onDelete={may.remove ? () => onRemove(m) : undefined}
              deleteVerb={userT('users.remove')}
            />
          </li>
        );
      })}
    </ul>
  );
}
