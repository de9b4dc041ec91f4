// The notifications module's public interface: every module tells people through `notify`.
export { notify, textInvitee } from './service';
