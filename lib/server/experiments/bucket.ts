import 'server-only';
import { createHash } from 'node:crypto';
import type { ExperimentVariant } from '../db/schema';

export const BUCKETS = 10_000;

/** A subject's bucket in an experiment, 0–9999: the first 32 bits of SHA-256("<key>:<subject>") modulo 10,000. */
export function bucketOf(key: string, subject: string): number {
  return createHash('sha256').update(`${key}:${subject}`).digest().readUInt32BE(0) % BUCKETS;
}

/** The variant whose share of the buckets holds `bucket`, in the order the variants are listed. */
export function variantFor(variants: readonly ExperimentVariant[], bucket: number): ExperimentVariant {
  let edge = 0;
  for (const v of variants) {
    edge += v.weight;
    if (bucket < edge) return v;
  }
  return variants[variants.length - 1]!;
}
