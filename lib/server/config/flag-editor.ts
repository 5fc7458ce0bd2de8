import 'server-only';
import { eq } from 'drizzle-orm';
import { DEFAULT_FLAGS, type BlockedUrlRule, type ConfigFlags } from '@/lib/shared/config-flags';
import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { returnPath } from '@/lib/shared/return-path';
import { getDb } from '../db/client';
import { configFlags } from '../db/schema';
import { invalid } from '../core/errors';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { FLAG_REFRESH_MS, loadFlags } from './flags';
import { isSafePattern } from './regex-safety';

const E = OPS_TEXT.config;

/** Blocked-URL rules run on every page request in the route guard: few, short, and none that backtracks badly. */
export const MAX_RULES = 50;
const MAX_PATTERN = 200;

export type FlagGroup = keyof typeof E.groups;

/** One field of /admin/config: which stored flag it edits, how its form value is read and checked. */
export interface FlagField {
  name: string;
  group: FlagGroup;
  kind: 'bool' | 'number' | 'rules' | 'text';
  min?: number;
  max?: number;
  /** Whole numbers only. */
  integer?: boolean;
  /** The stored flag this field lives in. */
  flag: keyof ConfigFlags;
  /** The field's value as the form shows it. */
  show(flags: ConfigFlags): string;
  /** The stored flag's new value from the checked form value and the flag's current value. */
  apply(value: FieldValue, current: ConfigFlags): ConfigFlags[keyof ConfigFlags];
}

const bool = (name: keyof ConfigFlags & string, group: FlagGroup): FlagField => ({
  name,
  group,
  kind: 'bool',
  flag: name,
  show: (f) => (f[name] ? '1' : '0'),
  apply: (v) => v as boolean,
});

type FieldValue = boolean | number | BlockedUrlRule[] | string | null;

const ttsOf = (f: ConfigFlags) => f.tts ?? DEFAULT_FLAGS.tts!;
const registrationOf = (f: ConfigFlags) => f.registration ?? DEFAULT_FLAGS.registration;

/** A registration number as the authorities print it: Chinese, letters, digits, spaces and -·()（）, at most 64. */
export const REGISTRATION_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9 \-·()（）]{1,64}$/;

/** Every flag this page edits, in display order (docs/config-flags.md). The follow gate is on /admin/members. */
export const FLAG_FIELDS: readonly FlagField[] = [
  bool('lazy_auth', 'auth'),
  {
    name: 'blocked_urls',
    group: 'auth',
    kind: 'rules',
    flag: 'blocked_urls',
    show: (f) => f.blocked_urls.map((r) => `${r.pattern} => ${r.redirect}`).join('\n'),
    apply: (v) => v as BlockedUrlRule[],
  },
  bool('ios_recharge_disabled', 'payment'),
  bool('hide_recharge_nav', 'payment'),
  bool('popup_recharge_enabled', 'payment'),
  {
    name: 'wxshare',
    group: 'share',
    kind: 'number',
    min: 0,
    max: 1,
    integer: true,
    flag: 'wxshare',
    show: (f) => String(f.wxshare),
    apply: (v) => v as number,
  },
  bool('is_ad_enabled', 'ads'),
  bool('self_owned', 'ads'),
  bool('has_miniapp_ad_guide', 'ads'),
  {
    name: 'tts_enabled',
    group: 'tts',
    kind: 'bool',
    flag: 'tts',
    show: (f) => (ttsOf(f).enabled ? '1' : '0'),
    apply: (v, f) => ({ ...ttsOf(f), enabled: v as boolean }),
  },
  {
    name: 'tts_default_rate',
    group: 'tts',
    kind: 'number',
    min: 0.5,
    max: 2,
    flag: 'tts',
    show: (f) => String(ttsOf(f).default_rate),
    apply: (v, f) => ({ ...ttsOf(f), default_rate: v as number }),
  },
  ...(['n10', 'n50', 'all'] as const).map((tier): FlagField => ({
    name: `batch_discount_${tier}`,
    group: 'selling',
    kind: 'number',
    // Never below half price: a slip of the keyboard must not give chapters away (docs/wallet.md "Batch buying").
    min: 50,
    max: 100,
    integer: true,
    flag: 'batch_discount',
    show: (f) => String((f.batch_discount ?? DEFAULT_FLAGS.batch_discount)[tier]),
    apply: (v, f) => ({ ...(f.batch_discount ?? DEFAULT_FLAGS.batch_discount), [tier]: v as number }),
  })),
  {
    name: 'minors_daily_minutes',
    group: 'minors',
    kind: 'number',
    // docs/minors-mode.md "Daily limit": at least a chapter's worth, at most three hours.
    min: 10,
    max: 180,
    integer: true,
    flag: 'minors_mode',
    show: (f) => String((f.minors_mode ?? DEFAULT_FLAGS.minors_mode).daily_minutes),
    apply: (v, f) => ({ ...(f.minors_mode ?? DEFAULT_FLAGS.minors_mode), daily_minutes: v as number }),
  },
  // The footer's registration numbers (docs/agreements.md "Registration numbers"); an empty box clears one.
  ...(['icp', 'publishing_licence'] as const).map((part): FlagField => ({
    name: `registration_${part}`,
    group: 'registration',
    kind: 'text',
    flag: 'registration',
    show: (f) => registrationOf(f)[part] ?? '',
    apply: (v, f) => ({ ...registrationOf(f), [part]: v as string | null }),
  })),
];

/** Checks one blocked-URL rule per line, `pattern => /target`; the target must be a path of this site. */
export function parseRules(raw: string): BlockedUrlRule[] {
  const lines = raw
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > MAX_RULES) throw invalid(E.rulesTooMany(MAX_RULES));
  return lines.map((line, i) => {
    const at = line.lastIndexOf('=>');
    if (at <= 0) throw invalid(E.ruleFormat(i + 1));
    const pattern = line.slice(0, at).trim();
    const redirect = line.slice(at + 2).trim();
    if (!pattern || pattern.length > MAX_PATTERN || !isSafePattern(pattern)) throw invalid(E.rulePattern(i + 1));
    try {
      new RegExp(pattern);
    } catch {
      throw invalid(E.rulePattern(i + 1));
    }
    // Readers are sent there: a plain path of this site, never another origin and never the console.
    if (!returnPath(redirect) || /^\/admin(\/|$|\?)/.test(redirect)) throw invalid(E.ruleTarget(i + 1));
    return { pattern, redirect };
  });
}

function parseValue(field: FlagField, raw: string | undefined): FieldValue {
  const value = (raw ?? '').trim();
  if (field.kind === 'text') {
    if (!value) return null;
    if (!REGISTRATION_PATTERN.test(value)) throw invalid(E.textInvalid);
    return value;
  }
  if (field.kind === 'bool') {
    if (value !== '0' && value !== '1') throw invalid(E.boolInvalid);
    return value === '1';
  }
  if (field.kind === 'number') {
    const n = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
    if (!Number.isFinite(n) || n < field.min! || n > field.max! || (field.integer && !Number.isInteger(n)))
      throw invalid(E.numberInvalid(field.min!, field.max!));
    return n;
  }
  return parseRules(raw ?? '');
}

/**
 * Saves one field of /admin/config: checked by its kind, written with a `config.update` audit row holding the
 * flag's value before and after, in one transaction; then this process's cache is reloaded at once and the other
 * processes pick it up within FLAG_REFRESH_MS (docs/config-flags.md).
 */
export async function updateConfigFlag(actor: StaffActor, name: string, raw: string | undefined): Promise<void> {
  assertCan(actor, 'config');
  const field = FLAG_FIELDS.find((f) => f.name === name);
  if (!field) throw invalid(E.unknownKey);
  const parsed = parseValue(field, raw);
  await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(configFlags).where(eq(configFlags.key, field.flag)).for('update');
    const before = (row ? row.value : DEFAULT_FLAGS[field.flag]) as ConfigFlags[keyof ConfigFlags];
    const after = field.apply(parsed, { ...DEFAULT_FLAGS, [field.flag]: before } as ConfigFlags);
    await tx
      .insert(configFlags)
      .values({ key: field.flag, value: after })
      .onConflictDoUpdate({ target: configFlags.key, set: { value: after, updatedAt: new Date() } });
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'config.update',
      detail: { key: field.flag, field: field.name, before, after },
      ip: actor.ip,
    });
  });
  await loadFlags();
}

export { FLAG_REFRESH_MS };
