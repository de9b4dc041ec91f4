// The notifications module's public interface: every module tells people through `notify`.
export { notify, textInvitee } from './service';
// Notices outside the app: a module that texts or mails someone directly (a paid order's seller) queues it here.
export { enqueueNotice } from './outbox';
