import 'server-only';
// Independent PRNG streams so adding a list never reshuffles the catalogue.
export const SEED_DISCOVERY = 7_340_033;
export const SEED_CHANNELS = 9_437_189;
export const SEED_ACTIVITY = 5_767_169;
