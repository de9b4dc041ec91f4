import { createQueryClient } from '@shambasoko/shared/query';

/** The page's one query cache, shared by every remote and the landing page's data sections. */
export const queryClient = createQueryClient();
