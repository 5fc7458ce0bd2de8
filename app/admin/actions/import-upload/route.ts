import type { NextRequest } from 'next/server';
import { STAFF_COOKIE } from '@/lib/shared/cookies';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { log } from '@/lib/server/logger';
import { clientIp } from '@/lib/server/core/client-ip';
import { ApiError } from '@/lib/server/core/errors';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { isSameOrigin } from '@/lib/server/http/with-api';
import { flowPage } from '@/lib/server/http/with-flow';
import { uploadImport } from '@/lib/server/content/import/pending';
import { readImportUpload } from '@/lib/server/content/import/upload-request';
import { consoleRedirect } from '@/lib/server/staff/console-form';
import { withFlash, type Flash } from '@/lib/server/staff/flash';
import { can } from '@/lib/server/core/roles';
import { findStaffByToken } from '@/lib/server/staff/sessions';

const FORM = '/admin/content/import';

// POST /admin/actions/import-upload (multipart: file, cover, metadata): a TXT or EPUB parsed into an import draft,
// then the preview, or — a TXT whose encoding could be either of two — kept for the editor to pick the encoding on
// /admin/content/import/encoding/{id} (docs/content.md "Import", "Encodings"). The checks of every console form (same origin, session, permission)
// done here because the body holds files; the route guard does not run on this path (proxy.ts's matcher), so a
// 50 MB body is not cut at the guard's 10 MB buffer, and the answer carries the console's headers itself.
export async function POST(req: NextRequest): Promise<Response> {
  const answer = (path: string, flash: Flash) => {
    const res = consoleRedirect(req, withFlash(path, flash));
    res.headers.set('x-robots-tag', 'noindex, nofollow');
    return res;
  };
  if (!isSameOrigin(req)) return flowPage(SERVER_MSG.flowErrorTitle, `<p role="alert">${SERVER_MSG.crossSite}</p>`, 403);
  const staff = await findStaffByToken(req.cookies.get(STAFF_COOKIE)?.value);
  if (!staff) return answer('/admin/login', { kind: 'err', text: SERVER_MSG.staffSignInNeeded });
  if (!can(staff.role, 'content')) return answer('/admin', { kind: 'err', text: SERVER_MSG.staffForbidden });
  try {
    const upload = await readImportUpload(req);
    const result = await uploadImport({ id: staff.id, role: staff.role, ip: clientIp(req) }, upload);
    // Undecided between two encodings: the editor picks on the page that shows the file's first lines in each.
    if ('pending' in result) return answer(`${FORM}/encoding/${result.pending}`, { kind: 'ok', text: T.chooseEncodingTitle });
    return answer(`${FORM}/${result.draft.id}`, { kind: 'ok', text: T.chapters(result.draft.chapters) });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return answer(FORM, { kind: 'err', text: err.message });
    log('error', 'console_action_failed', { path: req.nextUrl.pathname, err });
    return answer(FORM, { kind: 'err', text: MSG.serverBusy });
  }
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
