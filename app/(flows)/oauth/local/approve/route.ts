import { NextResponse } from 'next/server';
import { z } from 'zod';
import { issueLocalCode } from '@/lib/server/accounts/oauth/local';
import { oauthProvider } from '@/lib/server/accounts/oauth/select';
import { SERVER_MSG } from '@/lib/server/messages';
import { invalid } from '@/lib/server/core/errors';
import { requestOrigin } from '@/lib/shared/request-origin';
import { withFlow } from '@/lib/server/http/with-flow';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

const consentForm = z.object({
  nickname: z.string().optional(),
  state: z.string().max(1024).optional(),
  redirect_uri: z.string().max(2048).optional(),
});

// POST /oauth/local/approve — the local provider's consent form: issue a code and redirect like a real provider would.
export const POST = withFlow(
  async ({ req, form }) => {
    const nickname = (form.nickname ?? '').trim().slice(0, 32);
    const state = form.state ?? '';
    const redirectUri = form.redirect_uri ?? '';
    // Only our own callback may receive codes: the local provider is no open redirector.
    const allowed = `${requestOrigin(req)}/oauth/callback`;
    if (oauthProvider(req.headers)?.name !== 'local' || !nickname || !state || redirectUri !== allowed)
      throw invalid(SERVER_MSG.oauthRequestInvalid);
    const code = await issueLocalCode(nickname, redirectUri);
    return NextResponse.redirect(`${redirectUri}?${new URLSearchParams({ code, state })}`, 303);
  },
  { form: consentForm },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
