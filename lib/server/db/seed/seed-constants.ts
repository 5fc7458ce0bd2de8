// Independent PRNG streams so adding a list never reshuffles the catalogue.
export const SEED_DISCOVERY = 7_340_033;
