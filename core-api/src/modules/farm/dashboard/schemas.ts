import { z } from 'zod';
import { filterId } from '../common/schemas';

export const filtersQuery = z.object({ farmId: filterId(), fieldId: filterId(), seasonId: filterId() });
