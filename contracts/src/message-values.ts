// The message values a page shows before it checks anything, without zod (messages.ts re-exports them):
// a conversation's page does not download the schemas to show its limits and choices.

export const MAX_MESSAGE_LENGTH = 2000;
export const MAX_MESSAGE_PHOTOS = 3;
export const MESSAGE_REPORT_REASONS = ['spam', 'abuse', 'fraud', 'other'] as const;
