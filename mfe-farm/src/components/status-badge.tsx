import { Badge, type BadgeTone } from '@shambasoko/shared/ui';
import { statusLabel, useT } from '../lib/i18n';

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

/** A status in words (the active language) and colour. */
export function StatusBadge({ status }: { status: string }) {
  useT();
  return <Badge tone={TONES[status.toLowerCase()] ?? 'neutral'}>{statusLabel(status)}</Badge>;
}
