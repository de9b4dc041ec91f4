import type { Kysely } from 'kysely';
import { PersonAnswers } from '../../../cache/person-answers';
import type { Database } from '../../../db/schema';
import { farmScaleOverride } from './list-access';

/**
 * A farm member's list answers, kept in memory until migration 062's triggers say a row they show
 * changed (cache/person-answers.ts). A test that forces one statement shape compares it with the
 * other: each shape has its own answers.
 */
export function memberAnswers(db: Kysely<Database>): PersonAnswers {
  return new PersonAnswers(db, { variant: () => String(farmScaleOverride.many ?? '') });
}

/** What the farm's route plugins receive. */
export interface FarmPluginOptions {
  db: Kysely<Database>;
  answers: PersonAnswers;
}
