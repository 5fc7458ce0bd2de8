import { withApi } from '@/lib/server/http/with-api';
import { setLanguage } from '@/lib/server/accounts/profile';
import { languageBody } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/members/language — 0 Uyghur, 1 Chinese, 2 Tibetan.
export const POST = withApi(({ member, body }) => setLanguage(member.id, body.language_type), { auth: 'member', body: languageBody });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
