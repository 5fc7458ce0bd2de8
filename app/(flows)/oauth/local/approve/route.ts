import { NextResponse, type NextRequest } from 'next/server';
import { issueLocalCode } from '@/lib/server/accounts/oauth/local';
import { oauthProvider } from '@/lib/server/accounts/oauth/select';
import { requestOrigin } from '@/lib/shared/request-origin';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /oauth/local/approve — the local provider's consent form: issue a code and redirect like a real provider would.
export async function POST(req: NextRequest) {
  const form = await req.formData();
  const nickname = String(form.get('nickname') ?? '').trim().slice(0, 32);
  const state = String(form.get('state') ?? '');
  const redirectUri = String(form.get('redirect_uri') ?? '');
  // Only our own callback may receive codes: the local provider is no open redirector.
  const allowed = `${requestOrigin(req)}/oauth/callback`;
  if (oauthProvider()?.name !== 'local' || !nickname || !state || redirectUri !== allowed) {
    return NextResponse.json({ code: 40000, message: '授权请求无效' }, { status: 400 });
  }
  const code = await issueLocalCode(nickname, redirectUri);
  return NextResponse.redirect(`${redirectUri}?${new URLSearchParams({ code, state })}`, 303);
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
