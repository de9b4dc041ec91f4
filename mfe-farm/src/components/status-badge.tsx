import { Badge, type BadgeTone } from '@shambasoko/shared/ui';
import { capitalise } from '../lib/format';

const TONES: Record<string, BadgeTone> = {
  active: 'success',
  planted: 'info',
  growing: 'success',
  harvesting: 'warning',
  fallow: 'neutral',
  completed: 'neutral',
  upcoming: 'info',
  planned: 'info',
  harvested: 'neutral',
  failed: 'danger',
  pending: 'warning',
  'in progress': 'info',
  invited: 'warning',
  inactive: 'neutral',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status.toLowerCase()] ?? 'neutral'}>{capitalise(status)}</Badge>;
}
