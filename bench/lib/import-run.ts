// See bench/import.mjs. The text is generated from a fixed seed: 3,000 chapters of ordinary Chinese (about 3,300
// characters each, so 20 MB once encoded as GB18030), headed 第N章, with a short front matter.
import iconv from 'iconv-lite';
import { eq } from 'drizzle-orm';
import { createPgliteHandle, setDbHandle } from '../../lib/server/db/client';
import { runMigrations } from '../../lib/server/db/migrate';
import { categories, chapters, novels, staffUsers } from '../../lib/server/db/schema';
import { decodeText } from '../../lib/server/content/import/decode';
import { splitChapters } from '../../lib/server/content/import/split';
import { createImportDraft, saveImportDraft } from '../../lib/server/content/import/drafts';
// @ts-expect-error plain ESM helpers without types
import { busyWarning, machine, writeResult } from './util.mjs';

const CHAPTERS = Number(process.env.BENCH_IMPORT_CHAPTERS ?? 3000);
const TARGET_BYTES = Number(process.env.BENCH_IMPORT_BYTES ?? 20 * 1024 * 1024);
const TARGET_S = 60;

let state = 0x1a2b;
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const han = () => String.fromCharCode(0x4e00 + Math.floor(random() * 3000));

function novelText(): string {
  // GB18030 spends two bytes on each of these characters.
  const perChapter = Math.floor(TARGET_BYTES / 2 / CHAPTERS);
  const parts: string[] = ['书名：基准测试', '作者：基准', ''];
  for (let c = 1; c <= CHAPTERS; c++) {
    parts.push(`第${c}章 ${han()}${han()}${han()}`);
    let written = 0;
    while (written < perChapter) {
      const length = 40 + Math.floor(random() * 120);
      let p = '　　';
      for (let i = 0; i < length; i++) p += i % 17 === 16 ? '，' : han();
      parts.push(`${p}。`);
      written += length + 3;
    }
  }
  return parts.join('\r\n');
}

async function main(): Promise<void> {
  const warning = busyWarning();
  const handle = createPgliteHandle();
  await runMigrations(handle);
  setDbHandle(handle);
  try {
    const db = handle.db;
    const [staff] = await db
      .insert(staffUsers)
      .values({ username: 'bench', displayName: 'bench', passwordHash: 'x', role: 'editor' })
      .returning({ id: staffUsers.id });
    const [category] = await db.insert(categories).values({ name: '基准', gender: 1, languageType: 1 }).returning({ id: categories.id });
    const file = iconv.encode(novelText(), 'gb18030');
    const actor = { id: staff!.id, role: 'editor', ip: '127.0.0.1' };

    const t0 = performance.now();
    const decoded = decodeText(file);
    const t1 = performance.now();
    const split = splitChapters(decoded.text);
    const t2 = performance.now();
    const draft = await createImportDraft(actor, {
      fileName: 'bench.txt',
      file,
      cover: null,
      form: {
        title: '基准测试',
        language_type: '1',
        category_id: String(category!.id),
        tags: '',
        author: '基准',
        copyright_holder: '',
        editor: '',
        gender: '1',
        summary: '',
      },
    });
    const t3 = performance.now();
    const saved = await saveImportDraft(actor, draft.id);
    const t4 = performance.now();
    const [novel] = await db.select().from(novels).where(eq(novels.id, saved.novelId));
    const stored = (await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.novelId, saved.novelId))).length;
    if (split.chapters.length !== CHAPTERS || draft.chapters !== CHAPTERS || stored !== CHAPTERS) {
      throw new Error(`expected ${CHAPTERS} chapters: split ${split.chapters.length}, draft ${draft.chapters}, stored ${stored}`);
    }
    const s = (ms: number) => +(ms / 1000).toFixed(2);
    const report = {
      bench: 'import',
      at: new Date().toISOString(),
      machine: machine(),
      warning,
      file_mb: +(file.length / 1024 / 1024).toFixed(1),
      encoding: decoded.encoding,
      chapters: stored,
      words: novel!.wordCount,
      target_s: TARGET_S,
      // decode and split alone, then the upload (decode + split again + draft rows) and the save, as the console runs them.
      decode_s: s(t1 - t0),
      split_s: s(t2 - t1),
      upload_to_draft_s: s(t3 - t2),
      save_s: s(t4 - t3),
      upload_and_save_s: s(t4 - t2),
    };
    console.log(JSON.stringify(report, null, 2));
    console.log(
      `import: ${report.file_mb} MB, ${stored} chapters: upload ${report.upload_to_draft_s} s + save ${report.save_s} s (target < ${TARGET_S} s)`,
    );
    writeResult('import', report);
    if (report.upload_and_save_s > TARGET_S) process.exitCode = 1;
  } finally {
    setDbHandle(undefined);
    await handle.close();
  }
}

void main();
