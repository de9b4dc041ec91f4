// The identity module's public interface to other modules.
export { PLACEHOLDER_UID } from './repository';
