import { withApi } from '@/lib/server/http/with-api';
import { privacySettings, setPersonalized } from '@/lib/server/accounts/privacy-settings';
import { getDb } from '@/lib/server/db/client';
import { privacySettingsBody } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/privacy — the member's 个性化推荐 switch (docs/agreements.md "Personalised recommendations").
export const GET = withApi(({ member }) => privacySettings(getDb(), member.id), { auth: 'member' });

// POST /v1/my/privacy {personalized} — turns it on or off.
export const POST = withApi(({ member, body }) => setPersonalized(member.id, body.personalized), {
  auth: 'member',
  body: privacySettingsBody,
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
