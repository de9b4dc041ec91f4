// Replaces runtime-core's utils/index.js in the shell's production build. That file exports nothing:
// runtime-core imports it only for its side effect of evaluating every utility module, which made
// Module Federation's chunk hoisting pull the entry-loading code into the shell's first chunk. Each
// utility is also imported directly where it is used, so evaluation order is unchanged.
export {};
