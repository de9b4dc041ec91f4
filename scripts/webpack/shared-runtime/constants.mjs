// Where the shell leaves its runtime for the remotes, and the runtime version both sides must be
// built with (the remotes' bundler runtime calls the shell's class directly).
export const RUNTIME_GLOBAL_KEY = '__SHAMBASOKO_RUNTIME__';
export const RUNTIME_VERSION = '2.9.2';
