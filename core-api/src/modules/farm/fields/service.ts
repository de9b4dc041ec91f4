import { todayInNairobi } from '@shambasoko/contracts/time';
import type { Field } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { NOT_FOUND, access, accessChild, deleteChild, getService, listService } from '../common/access';
import * as repo from './repository';
import type { CreateFieldInput } from '@shambasoko/contracts';

type Db = Kysely<Database>;

export const listFields = listService(repo.listFields);
export const getField = getService(repo.getField, NOT_FOUND.field);

export async function createField(db: Db, userId: string, farmId: string, input: CreateFieldInput): Promise<Field> {
  await access(db, userId, farmId, 'field:write');
  const id = await repo.insertField(db, farmId, input, todayInNairobi());
  return getField(db, userId, id);
}

export async function updateField(db: Db, userId: string, fieldId: string, input: Partial<CreateFieldInput>): Promise<Field> {
  await accessChild(db, userId, 'fields', fieldId, 'field:write', NOT_FOUND.field);
  await repo.updateField(db, fieldId, input);
  return getField(db, userId, fieldId);
}

export async function deleteField(db: Db, userId: string, fieldId: string): Promise<void> {
  await deleteChild(db, userId, 'fields', fieldId, 'field:write', NOT_FOUND.field);
}
