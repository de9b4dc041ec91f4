// The notifications module's public interface: every module tells people through `notify`.
export {
  type NewNotification,
  notice,
  notify,
  notifyAll,
  type Recipients,
  recipientsFromJson,
  recipientsJsonSql,
  textInvitee,
} from './service';
