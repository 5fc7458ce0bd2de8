import 'server-only';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { importUploadFields } from '@/lib/shared/schemas/content-import';
import { MSG } from '@/lib/shared/messages';
import { invalid } from '../../core/errors';
import { isStorableText } from '../../core/request-input';
import { MAX_COVER_BYTES } from './cover';
import { MAX_IMPORT_BYTES, type ImportUpload } from './drafts';

/** The whole multipart body may hold the novel, the cover and the text fields; more is refused unread. */
export const MAX_UPLOAD_BODY = MAX_IMPORT_BYTES + MAX_COVER_BYTES + 1024 * 1024;

const tooLarge = () => invalid(T.tooLarge(MAX_IMPORT_BYTES / 1024 / 1024));

/** The body as bytes, counted as it streams in, so an oversized upload costs at most MAX_UPLOAD_BODY of memory. */
async function readBodyBytes(req: Request): Promise<Uint8Array<ArrayBuffer>> {
  const declared = req.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > MAX_UPLOAD_BODY) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_UPLOAD_BODY) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * The import form's multipart post (docs/content.md "Import"): the novel file (required), the cover (optional; an
 * empty file input is no cover) and the metadata fields, checked for length and storable text.
 */
export async function readImportUpload(req: Request): Promise<ImportUpload> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'multipart/form-data') throw invalid(T.noFile);
  const body = await readBodyBytes(req);
  const data = await new Response(body, {
    headers: { 'content-type': req.headers.get('content-type')! },
  })
    .formData()
    .catch(() => null);
  if (!data) throw invalid(MSG.invalidParams);
  const fields: Record<string, string> = {};
  let file: File | null = null;
  let cover: File | null = null;
  for (const [key, value] of data) {
    if (typeof value === 'string') {
      if (!isStorableText(key) || !isStorableText(value)) throw invalid(MSG.invalidParams);
      fields[key] = value;
    } else if (key === 'file') file = value;
    else if (key === 'cover') cover = value;
  }
  if (!file || file.size === 0) throw invalid(file ? T.emptyFile : T.noFile);
  if (file.size > MAX_IMPORT_BYTES) throw tooLarge();
  const parsed = importUploadFields.safeParse(fields);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message || MSG.invalidParams);
  return {
    fileName: file.name,
    file: Buffer.from(await file.arrayBuffer()),
    cover: cover && cover.size > 0 ? Buffer.from(await cover.arrayBuffer()) : null,
    form: parsed.data,
  };
}
