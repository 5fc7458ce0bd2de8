import 'server-only';
import { asc, count, eq } from 'drizzle-orm';
import { EXPERIMENT_KEY } from '@/lib/shared/schemas/games';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { experimentConversions, experimentExposures, experiments, type ExperimentVariant } from '../db/schema';
import { invalid, notFound } from '../core/errors';
import { BUCKETS } from '../experiments/bucket';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';

const VARIANT_KEY = /^[a-z][a-z0-9_]{0,23}$/;

/**
 * Variants as staff type them (docs/experiments.md "Console"): one per line, `key:label:weight`; 2 to 5 of them,
 * distinct keys, weights whole numbers summing to 10,000.
 */
export function parseVariants(text: string): ExperimentVariant[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const variants = lines.map((line) => {
    const [key = '', label = '', weight = '', ...rest] = line.split(/[:：]/).map((p) => p.trim());
    if (rest.length || !VARIANT_KEY.test(key) || !label || label.length > 32 || !/^\d{1,5}$/.test(weight))
      throw invalid(SERVER_MSG.experimentVariantsInvalid);
    return { key, label, weight: Number(weight) };
  });
  if (variants.length < 2 || variants.length > 5 || new Set(variants.map((v) => v.key)).size !== variants.length)
    throw invalid(SERVER_MSG.experimentVariantsInvalid);
  checkWeights(variants);
  return variants;
}

function checkWeights(variants: ExperimentVariant[]): void {
  const sum = variants.reduce((s, v) => s + v.weight, 0);
  if (sum !== BUCKETS) throw invalid(SERVER_MSG.experimentWeightsSum(sum));
}

export async function createExperiment(actor: StaffActor, input: { key: string; name: string; variants: string }): Promise<string> {
  assertCan(actor, 'experiments');
  const key = input.key.trim();
  const name = input.name.trim();
  if (!EXPERIMENT_KEY.test(key) || !name || name.length > 64) throw invalid(SERVER_MSG.experimentVariantsInvalid);
  const variants = parseVariants(input.variants);
  return getDb().transaction(async (tx) => {
    const [taken] = await tx.select({ id: experiments.id }).from(experiments).where(eq(experiments.key, key));
    if (taken) throw invalid(SERVER_MSG.experimentKeyTaken);
    const [row] = await tx
      .insert(experiments)
      .values({ key, name, variants, status: 'stopped' })
      .onConflictDoNothing()
      .returning({ id: experiments.id });
    if (!row) throw invalid(SERVER_MSG.experimentKeyTaken);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'experiment.create',
      targetType: 'experiment',
      targetId: row.id,
      detail: { key, name, variants },
      ip: actor.ip,
    });
    return name;
  });
}

/**
 * New variants or weights. Once anyone was exposed, only the weights may change: exposed subjects keep the variant
 * stored at their exposure, and only subjects not yet exposed are bucketed by the new weights.
 */
export async function updateVariants(actor: StaffActor, id: number, text: string): Promise<string> {
  assertCan(actor, 'experiments');
  const variants = parseVariants(text);
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(experiments).where(eq(experiments.id, id)).for('update');
    if (!before) throw notFound(SERVER_MSG.experimentNotFound);
    const [{ n }] = (await tx.select({ n: count() }).from(experimentExposures).where(eq(experimentExposures.experimentId, id))) as [
      { n: number },
    ];
    const sameKeys = before.variants.map((v) => `${v.key}:${v.label}`).join('|') === variants.map((v) => `${v.key}:${v.label}`).join('|');
    if (n > 0 && !sameKeys) throw invalid(SERVER_MSG.experimentVariantsLocked);
    await tx.update(experiments).set({ variants, updatedAt: new Date() }).where(eq(experiments.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'experiment.variants',
      targetType: 'experiment',
      targetId: id,
      detail: { key: before.key, before: before.variants, after: variants },
      ip: actor.ip,
    });
    return before.name;
  });
}

export async function setExperimentStatus(actor: StaffActor, id: number, status: 'running' | 'stopped'): Promise<string> {
  assertCan(actor, 'experiments');
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(experiments).where(eq(experiments.id, id)).for('update');
    if (!before) throw notFound(SERVER_MSG.experimentNotFound);
    if (status === 'running') checkWeights(before.variants);
    await tx.update(experiments).set({ status, updatedAt: new Date() }).where(eq(experiments.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: status === 'running' ? 'experiment.start' : 'experiment.stop',
      targetType: 'experiment',
      targetId: id,
      detail: { key: before.key, before: before.status },
      ip: actor.ip,
    });
    return before.name;
  });
}

export interface VariantStats {
  key: string;
  label: string;
  weight: number;
  exposures: number;
  conversions: number;
  /** conversions / exposures, 0–1; 0 without exposures. */
  rate: number;
}

export interface ConsoleExperiment {
  id: number;
  key: string;
  name: string;
  status: string;
  variants: VariantStats[];
  updatedAt: Date;
}

/** Every experiment with its exposures, conversions and conversion rate per variant. */
export async function consoleExperiments(): Promise<ConsoleExperiment[]> {
  const db = getDb();
  const [list, exposed, converted] = await Promise.all([
    db.select().from(experiments).orderBy(asc(experiments.id)),
    db
      .select({ id: experimentExposures.experimentId, variant: experimentExposures.variant, n: count() })
      .from(experimentExposures)
      .groupBy(experimentExposures.experimentId, experimentExposures.variant),
    db
      .select({ id: experimentConversions.experimentId, variant: experimentConversions.variant, n: count() })
      .from(experimentConversions)
      .groupBy(experimentConversions.experimentId, experimentConversions.variant),
  ]);
  return list.map((e) => ({
    id: e.id,
    key: e.key,
    name: e.name,
    status: e.status,
    updatedAt: e.updatedAt,
    variants: e.variants.map((v) => {
      const exposures = exposed.find((x) => x.id === e.id && x.variant === v.key)?.n ?? 0;
      const conversions = converted.find((x) => x.id === e.id && x.variant === v.key)?.n ?? 0;
      return { ...v, exposures, conversions, rate: exposures ? conversions / exposures : 0 };
    }),
  }));
}

export const variantsText = (variants: ExperimentVariant[]) => variants.map((v) => `${v.key}:${v.label}:${v.weight}`).join('\n');
