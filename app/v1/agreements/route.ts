import { withApi } from '@/lib/server/http/with-api';
import { currentAgreements } from '@/lib/server/accounts/agreements';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/agreements — the 用户协议 and 隐私政策 in force: version, title, effective time (docs/agreements.md "Agreeing at sign-in").
// An app signing in sends these versions back once the reader has agreed.
export const GET = withApi(() => currentAgreements(), { cacheControl: PUBLIC_CACHE });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
