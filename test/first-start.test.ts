import { count } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/route';
import { getDb } from '@/lib/server/db/client';
import { categories, gifts, ledgerEntries, members, novels, orders, products, rankings } from '@/lib/server/db/schema';
import { prepareDatabase } from '@/lib/server/boot/startup';
import { demoCatalogueWanted } from '@/lib/server/boot/demo-catalogue';
import { GET as layoutPages } from '@/app/v1/web_layouts/pages/route';
import { GET as categoryList } from '@/app/v1/categories/route';
import { GET as rankingList } from '@/app/v1/rankings/route';
import { GET as rechargeProducts } from '@/app/v1/products/route';

describe('whether an empty database gets the demo catalogue (docs/deploy.md "First start")', () => {
  it('a laptop gets it; a deployment does not, unless DEMO_CATALOGUE says so', () => {
    expect(demoCatalogueWanted({})).toBe(true);
    expect(demoCatalogueWanted({ SITE_URL: 'http://localhost:3000' })).toBe(true);
    expect(demoCatalogueWanted({ SITE_URL: 'https://read.example.cn' })).toBe(false);
    expect(demoCatalogueWanted({ NODE_ENV: 'production', DEPLOY: '1' })).toBe(false);
    expect(demoCatalogueWanted({ NODE_ENV: 'production', DEPLOY: '1', DEMO_CATALOGUE: '1' })).toBe(true);
    expect(demoCatalogueWanted({ DEMO_CATALOGUE: '0' })).toBe(false);
  });
  it('a value other than 1 or 0 stops the start rather than guess', () => {
    expect(() => demoCatalogueWanted({ DEMO_CATALOGUE: 'yes' })).toThrow('DEMO_CATALOGUE must be 1 or 0');
  });
});

describe("a deployment's first start on an empty database", () => {
  useTestDatabase();
  const site = process.env.SITE_URL;
  beforeAll(() => {
    process.env.SITE_URL = 'https://read.example.cn';
  });
  afterAll(() => {
    if (site === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = site;
  });
  const rows = async (table: typeof novels | typeof members | typeof orders | typeof ledgerEntries | typeof products | typeof categories) =>
    (await getDb().select({ n: count() }).from(table))[0]!.n;

  it('writes the house and no novel, member, order or ledger movement', async () => {
    const quiet = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await prepareDatabase();
    } finally {
      quiet.mockRestore();
    }
    expect(await rows(novels)).toBe(0);
    expect(await rows(members)).toBe(0);
    expect(await rows(orders)).toBe(0);
    expect(await rows(ledgerEntries)).toBe(0);
    expect(await rows(categories)).toBeGreaterThan(0);
    expect(await rows(products)).toBeGreaterThan(0);
    expect((await getDb().select({ n: count() }).from(gifts))[0]!.n).toBeGreaterThan(0);
    expect((await getDb().select({ n: count() }).from(rankings))[0]!.n).toBeGreaterThan(0);
  }, 120_000);

  it('a second start writes nothing more', async () => {
    const before = await rows(products);
    const quiet = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await prepareDatabase();
    } finally {
      quiet.mockRestore();
    }
    expect(await rows(products)).toBe(before);
    expect(await rows(novels)).toBe(0);
  }, 120_000);

  it('the empty house answers readers: channels, categories, rankings and the recharge packs', async () => {
    const pages = await callRoute<Array<{ title: string }>>(layoutPages, { url: '/v1/web_layouts/pages' });
    expect(pages.status).toBe(200);
    expect(pages.body.data!.map((p) => p.title)).toEqual(expect.arrayContaining(['男生', '女生']));
    const kinds = await callRoute<unknown[]>(categoryList, { url: '/v1/categories?language_type=1' });
    expect(kinds.status).toBe(200);
    expect(kinds.body.data!.length).toBeGreaterThan(0);
    expect((await callRoute(rankingList, { url: '/v1/rankings?language_type=1' })).status).toBe(200);
    const packs = await callRoute<unknown[]>(rechargeProducts, { url: '/v1/products?product_type=recharge' });
    expect(packs.status).toBe(200);
    expect(packs.body.data!.length).toBeGreaterThan(0);
  });
});
