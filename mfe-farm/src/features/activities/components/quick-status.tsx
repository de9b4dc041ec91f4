import type { Activity, ActivityStatus, FarmRole } from '@shambasoko/contracts';
import { Button } from '@shambasoko/shared/ui';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/format';
import { can } from '../../../lib/permissions';
import { useT, valueLabel, type WorkT } from '../../../lib/i18n-work';
import { useT as useActivityT } from '../../../lib/i18n-activities';
import { useUpdateActivity } from '../api/update-activity';

type Change = { activity: Activity; from: ActivityStatus; to: ActivityStatus; undone?: boolean };

type ActivityT = ReturnType<typeof useActivityT>;

const DONE_WORDS = {
  Pending: 'activities.quick.toPending',
  'In Progress': 'activities.quick.started',
  Completed: 'activities.quick.done',
} as const;

// Light text on the dark toast: the design system's ghost button would bring its dark text colour.
const TOAST_BUTTON =
  'min-h-11 min-w-11 rounded-lg px-3 font-semibold hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-amber-300 disabled:opacity-60';

/** How long the confirmation (and its Undo) stays on screen. */
const TOAST_MS = 8000;

/**
 * One-tap status changes with Undo: `change` saves the new status, the toast confirms it and offers
 * Undo, which saves the previous status back through the API.
 */
export function useQuickStatus() {
  const update = useUpdateActivity();
  const [last, setLast] = useState<Change | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = (activity: Activity, status: ActivityStatus, onSaved: () => void) => {
    setFailure(null);
    update.mutate({ id: activity.id, input: { status } }, { onSuccess: onSaved, onError: (e) => setFailure(errorMessage(e)) });
  };
  const dismiss = useCallback(() => {
    setLast(null);
    setFailure(null);
  }, []);
  return {
    busyId: update.isPending ? update.variables?.id : undefined,
    change: (activity: Activity, to: ActivityStatus) => save(activity, to, () => setLast({ activity, from: activity.status, to })),
    toast: (
      <QuickStatusToast
        change={last}
        failure={failure}
        busy={update.isPending}
        onUndo={() => last && save(last.activity, last.from, () => setLast({ ...last, undone: true }))}
        onDismiss={dismiss}
      />
    ),
  };
}

export type QuickStatusButtonsProps = {
  activity: Activity;
  role: FarmRole | undefined;
  busy: boolean;
  onChange: (activity: Activity, to: ActivityStatus) => void;
};

/** Start (Pending → In Progress) and Mark done (→ Completed); nothing for a completed activity or a role that may not change it. */
export function QuickStatusButtons({ activity, role, busy, onChange }: QuickStatusButtonsProps) {
  const t = useT();
  const activityT = useActivityT();
  if (activity.status === 'Completed' || !can(role, 'updateActivityStatus')) return null;
  const name = valueLabel(t, 'type', activity.name);
  return (
    <span className="inline-flex flex-wrap gap-2">
      {activity.status === 'Pending' && (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => onChange(activity, 'In Progress')}
          aria-label={activityT('activities.quick.startName', { name })}
        >
          {activityT('activities.quick.start')}
        </Button>
      )}
      <Button
        disabled={busy}
        onClick={() => onChange(activity, 'Completed')}
        aria-label={activityT('activities.quick.markDoneName', { name })}
      >
        {activityT('activities.quick.markDone')}
      </Button>
    </span>
  );
}

type QuickStatusToastProps = { change: Change | null; failure: string | null; busy: boolean; onUndo: () => void; onDismiss: () => void };

/** "Weeding marked done.", or after Undo "Undone: Weeding is In Progress again." */
function changeMessage(t: WorkT, activityT: ActivityT, change: Change): string {
  const name = valueLabel(t, 'type', change.activity.name);
  if (change.undone) return activityT('activities.quick.undone', { name, status: valueLabel(t, 'status', change.from) });
  return activityT(DONE_WORDS[change.to], { name });
}

/** The confirmation at the foot of the screen; it leaves by itself after a few seconds. */
function QuickStatusToast({ change, failure, busy, onUndo, onDismiss }: QuickStatusToastProps) {
  const t = useT();
  const activityT = useActivityT();
  const shown = change !== null || failure !== null;
  useEffect(() => {
    if (!shown || busy) return undefined;
    const timer = setTimeout(onDismiss, TOAST_MS);
    return () => clearTimeout(timer);
  }, [shown, busy, change, failure, onDismiss]);
  const message = failure || (change ? changeMessage(t, activityT, change) : '');
  return (
    // The live region stays in the page so screen readers announce each new message.
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      {shown && (
        <div className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl bg-stone-900 px-4 py-2 text-sm text-white shadow-lg">
          <span className="min-w-0 flex-1">{message}</span>
          {change && !change.undone && !failure && (
            <button type="button" className={`${TOAST_BUTTON} text-amber-300`} disabled={busy} onClick={onUndo}>
              {activityT('activities.quick.undo')}
            </button>
          )}
          <button
            type="button"
            className={`${TOAST_BUTTON} text-white`}
            aria-label={activityT('activities.quick.dismiss')}
            onClick={onDismiss}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
