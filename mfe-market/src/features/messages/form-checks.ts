// The messages forms' checks: the contract's schemas through react-hook-form's zod resolver. Loaded on
// first use by each form (lib/lazy-resolver.ts), so zod is not part of a conversation's first screen.
import { zodResolver } from '@hookform/resolvers/zod';
import { reportConversationRequestSchema, sendMessageRequestSchema } from '@shambasoko/contracts';

export const sendMessageResolver = zodResolver(sendMessageRequestSchema);
export const reportResolver = zodResolver(reportConversationRequestSchema);
