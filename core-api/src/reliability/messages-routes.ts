// Messages routes (issue 41), each probed by messages-isolation.test.ts as a stranger to the
// conversation. tenant-isolation.test.ts counts them as covered from here.
export const MESSAGES_MATRIX_ROUTES: readonly string[] = [
  'GET /v1/conversations',
  'POST /v1/conversations',
  'GET /v1/conversations/farm/:farmId',
  'GET /v1/conversations/:id',
  'GET /v1/conversations/:id/messages',
  'POST /v1/conversations/:id/messages',
  'POST /v1/conversations/:id/read',
  'POST /v1/conversations/:id/photos',
  'GET /v1/conversations/:id/photos/:photo',
  'GET /v1/messages/unread',
  'POST /v1/users/:id/block',
  'DELETE /v1/users/:id/block',
  'POST /v1/messages/stream-ticket',
  'GET /v1/messages/stream',
  'POST /v1/conversations/:id/report',
  'GET /v1/admin/message-reports',
  'POST /v1/admin/message-reports/:id/resolve',
];
