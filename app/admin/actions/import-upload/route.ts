import type { NextRequest } from 'next/server';
import { STAFF_COOKIE } from '@/lib/shared/cookies';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { log } from '@/lib/server/logger';
import { clientIp } from '@/lib/server/http/client-ip';
import { ApiError } from '@/lib/server/http/errors';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { isSameOrigin } from '@/lib/server/http/with-api';
import { flowPage } from '@/lib/server/http/with-flow';
import { createImportDraft } from '@/lib/server/content/import/drafts';
import { readImportUpload } from '@/lib/server/content/import/upload-request';
import { consoleRedirect } from '@/lib/server/staff/console-form';
import { withFlash, type Flash } from '@/lib/server/staff/flash';
import { can } from '@/lib/server/staff/roles';
import { findStaffByToken } from '@/lib/server/staff/sessions';

const FORM = '/admin/content/import';

// POST /admin/actions/import-upload (multipart: file, cover, metadata): a TXT or EPUB parsed into an import draft,
// then the preview (docs/content.md "Import"). The checks of every console form (same origin, session, permission)
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
    const draft = await createImportDraft({ id: staff.id, role: staff.role, ip: clientIp(req) }, upload);
    return answer(`${FORM}/${draft.id}`, { kind: 'ok', text: T.chapters(draft.chapters) });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return answer(FORM, { kind: 'err', text: err.message });
    log('error', 'console_action_failed', { path: req.nextUrl.pathname, err });
    return answer(FORM, { kind: 'err', text: MSG.serverBusy });
  }
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
