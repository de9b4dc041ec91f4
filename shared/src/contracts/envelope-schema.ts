// The envelope as zod schemas, for the OpenAPI document and tests. Apart from envelope.ts (types only)
// because '@shambasoko/shared' re-exports that one to every page, and zod must stay off the landing page.
import { z } from 'zod';

const header = <T extends boolean>(isSuccess: T) =>
  z.object({
    isSuccess: z.literal(isSuccess),
    /** Written for the user, shown as-is. */
    customerMessage: z.string(),
  });

/** A success: `body` is the route's answer. */
export const successEnvelopeSchema = <T extends z.ZodType>(body: T) => z.object({ header: header(true), body });

/** Every refusal and failure (4xx, 5xx): the message says what to do, `body` is null. */
export const failureEnvelopeSchema = z.object({ header: header(false), body: z.null() });
