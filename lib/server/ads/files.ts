import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { AD_FILE_KINDS, type AdFile, type AdFileEntry, type AdFileKind, type AdPlacement } from '@/lib/shared/ads';
import type { AdFileNames } from '@/lib/shared/config-flags';
import type { AdFilesDto } from '@/lib/shared/dto/ads';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { adPublications, ads, configFlags } from '../db/schema';
import { cachedFlags } from '../config/flags-cache';

/** The flag the current names live under (read from the in-process flag cache by GET /v1/spa/config). */
export const ADS_STATIC_FLAG = 'ads_static';

/** How long browsers and the CDN keep a published file: it never changes under its name. */
export const AD_FILE_CACHE = 'public, max-age=31536000, immutable';

type Brand = 'main' | 'alt';

function entry(a: typeof ads.$inferSelect): AdFileEntry {
  return {
    id: a.id,
    placement: a.placement as AdPlacement,
    title: a.title,
    image: a.image,
    language_type: a.languageType,
    channel: a.channel,
    audience: a.audience as AdFileEntry['audience'],
    bonus_hunter_only: a.bonusHunterOnly,
    starts_at: a.startsAt?.toISOString() ?? null,
    ends_at: a.endsAt?.toISOString() ?? null,
  };
}

/** The file's name: its kind, brand and the first 16 hex digits of the content's SHA-256. */
export function adFileName(kind: AdFileKind, brand: Brand, content: string): string {
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 16);
  return `${brand === 'alt' ? 'alt-' : ''}${kind}.${hash}.json`;
}

/**
 * Writes the four files (ads and reader lists, main and alternate brand) from the ads running now or later, and points
 * the `ads_static` flag at them (docs/ads.md "Static files"). Same content, same name: an unchanged list keeps its
 * name and the browsers' cached copy. Runs in the staff member's transaction, so the files change with the ads.
 */
export async function publishAdFiles(db: DbOrTx, now = new Date()): Promise<{ main: AdFileNames; alt: AdFileNames }> {
  const rows = await db
    .select()
    .from(ads)
    .where(and(eq(ads.active, true), eq(ads.businessType, 1), or(isNull(ads.endsAt), gt(ads.endsAt, now))))
    .orderBy(ads.id);
  const names = { main: { ads: '', reader: '' }, alt: { ads: '', reader: '' } };
  for (const brand of ['main', 'alt'] as const) {
    for (const kind of Object.keys(AD_FILE_KINDS) as AdFileKind[]) {
      const placements: readonly string[] = AD_FILE_KINDS[kind];
      const file: AdFile = {
        kind,
        brand,
        ads: rows.filter((a) => placements.includes(a.placement) && (a.brand === 'all' || a.brand === brand)).map(entry),
      };
      const content = JSON.stringify(file);
      const name = adFileName(kind, brand, content);
      await db.insert(adPublications).values({ name, kind, brand, content, createdAt: now }).onConflictDoNothing();
      names[brand][kind] = name;
    }
  }
  await db
    .insert(configFlags)
    .values({ key: ADS_STATIC_FLAG, value: names })
    .onConflictDoUpdate({ target: configFlags.key, set: { value: names, updatedAt: now } });
  return names;
}

/** A published file's content by name, or null. Old names stay readable: a page loaded before a change still works. */
export async function readAdFile(name: string): Promise<string | null> {
  const [row] = await getDb().select({ content: adPublications.content }).from(adPublications).where(eq(adPublications.name, name));
  return row?.content ?? null;
}

/** The current files for the host a page was served on (the alternate brand's host gets its own), as paths. */
export function adFilesFor(host: string): AdFilesDto | null {
  const flags = cachedFlags();
  const current = flags.ads_static;
  if (!current) return null;
  const clean = host.toLowerCase().replace(/:\d+$/, '');
  const brand: Brand = flags.alt_brand_host && clean === flags.alt_brand_host.toLowerCase() ? 'alt' : 'main';
  const names = current[brand];
  return { ads: `/v1/ads/static/${names.ads}`, reader: `/v1/ads/static/${names.reader}` };
}
