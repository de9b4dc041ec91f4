import { todayInNairobi } from '@shambasoko/contracts/time';
import { FARM_PERMISSIONS, type Activity, type MyActivities } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import { notify } from '../../notifications';
import { NOT_FOUND, access, checkRole, deleteChild, getService, listService, orThrow } from '../common/access';
import { checkRefs } from '../common/refs';
import { findRole } from '../common/repository';
import * as repo from './repository';
import type { CreateActivityInput, UpdateActivityInput } from '@shambasoko/contracts';

type Db = Kysely<Database>;

export async function myActivities(db: Db, userId: string, now: Date = new Date()): Promise<MyActivities> {
  // A task due today is due by the farm's clock, not the server's.
  const today = todayInNairobi(now);
  return { today, ...(await repo.myDueActivities(db, userId, today)) };
}

export const listActivities = listService(repo.listActivities);
export const getActivity = getService(repo.getActivity, NOT_FOUND.activity);

async function checkAssignee(db: Db, farmId: string, assigneeId: string): Promise<void> {
  // Any role will do: an invitation or an inactive member has none.
  if ((await findRole(db, assigneeId, farmId)) === undefined) {
    throw new ApiError(400, 'The assignee is not a user of this farm');
  }
}

/** Tells the assignee, unless they assigned it to themselves. */
async function notifyAssignee(trx: Db, actorId: string, assigneeId: string | null | undefined, activityId: string): Promise<void> {
  if (!assigneeId || assigneeId === actorId) return;
  const activity = orThrow(await repo.getActivity(trx, assigneeId, activityId), NOT_FOUND.activity);
  await notify(trx, {
    userId: assigneeId,
    type: 'activity_assigned',
    title: 'New activity: {name}',
    body: activity.dueDate ? '{farm} · {field} · due {due}' : '{farm} · {field}',
    values: { name: activity.name, farm: activity.farmName, field: activity.fieldName, due: activity.dueDate ?? '' },
    link: '/activities',
  });
}

export async function createActivity(db: Db, userId: string, input: CreateActivityInput): Promise<Activity> {
  await access(db, userId, input.farmId, 'activity:write');
  await checkRefs(db, input.farmId, input);
  if (input.userId) await checkAssignee(db, input.farmId, input.userId);
  const id = await db.transaction().execute(async (trx) => {
    const activityId = await repo.insertActivity(trx, userId, input);
    await notifyAssignee(trx, userId, input.userId, activityId);
    return activityId;
  });
  return getActivity(db, userId, id);
}

export async function updateActivity(db: Db, userId: string, activityId: string, input: UpdateActivityInput): Promise<Activity> {
  // Most edits name no other row (a note, a status, a due date, the kind of work): first one statement
  // that writes only where the caller's role allows the edit, and answers the row. What it did not
  // write (a refusal, no such activity, nothing to change) goes the long way below, which says why.
  if (input.fieldId === undefined && input.seasonId === undefined && input.cropId === undefined && input.userId === undefined) {
    const done = await repo.updateActivity(db, activityId, input, {
      userId,
      writers: FARM_PERMISSIONS['activity:write'],
      statusSetters: FARM_PERMISSIONS['activity:status'],
    });
    if (done !== undefined) return done;
  }
  // The row and the caller's role on its farm in one statement (a stranger learns nothing: 404).
  const current = orThrow(await repo.getActivityRow(db, activityId, userId), NOT_FOUND.activity);
  // A client may send the whole activity back; only values that really change count, so a Field
  // Worker who resends the form with just a new status is still "changing the status only".
  const before: Record<string, unknown> = {
    fieldId: current.field_id,
    seasonId: current.season_id,
    cropId: current.crop_id,
    name: current.name,
    userId: current.assignee_id,
    dueDate: current.dueDate,
    notes: current.notes,
  };
  const statusOnly = Object.entries(input).every(([key, value]) => key === 'status' || value === undefined || value === before[key]);
  checkRole(current.role, statusOnly ? 'activity:status' : 'activity:write', NOT_FOUND.activity);
  const farmId = current.farm_id;
  const next = {
    fieldId: input.fieldId ?? current.field_id,
    seasonId: input.seasonId === undefined ? current.season_id : input.seasonId,
    cropId: input.cropId === undefined ? current.crop_id : input.cropId,
  };
  if (input.fieldId !== undefined || input.seasonId !== undefined || input.cropId !== undefined) await checkRefs(db, farmId, next);
  if (input.userId) await checkAssignee(db, farmId, input.userId);
  // A new assignee's notice is written with the change. Otherwise the change is one statement,
  // committed alone: in a transaction it held the row's lock for a round trip more (the commit's,
  // after an event-loop turn), and edits of one activity queued behind each other (bench:farm's
  // changing row: 19 ms an update, most of it waiting for the lock).
  const updated =
    input.userId && input.userId !== current.assignee_id
      ? await db.transaction().execute(async (trx) => {
          const row = await repo.updateActivity(trx, activityId, input);
          await notifyAssignee(trx, userId, input.userId, activityId);
          return row;
        })
      : await repo.updateActivity(db, activityId, input);
  // An edit that changed nothing wrote nothing and answered no row: read it.
  return updated ?? getActivity(db, userId, activityId);
}

export async function deleteActivity(db: Db, userId: string, activityId: string): Promise<void> {
  await deleteChild(db, userId, 'activities', activityId, 'activity:write', NOT_FOUND.activity);
}
