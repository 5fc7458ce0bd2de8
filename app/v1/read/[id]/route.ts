import { withApi } from '@/lib/server/http/with-api';
import { ApiReply } from '@/lib/server/http/reply';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { readChapter } from '@/lib/server/reading/chapter';
import { articleParams, readQuery } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { gateCovers } from '@/lib/server/members/follow-gate';
import { detectUa } from '@/lib/shared/ua';

// GET /v1/read/{id}?nid&auto_buy=1&voice — a chapter with its paragraphs when this reader is entitled (docs/reading.md "Reader").
// Only a chapter free to everyone may sit in a shared cache; anything else is private and never stored, so a
// locked view is never served to someone who owns the chapter, nor paid text to someone who does not.
export const GET = withApi(
  async ({ params, query, member, req }) => {
    const inMessagingApp = detectUa(req.headers.get('user-agent')).wechat;
    const chapter = await readChapter(member?.id ?? null, params.id, { autoBuy: query.auto_buy, inMessagingApp, voice: query.voice });
    // A chapter the follow gate covers answers differently inside the messaging app: never shared then.
    const shared = chapter.access === 'free' && !gateCovers(chapter.idx);
    return new ApiReply(chapter, 200, { 'cache-control': shared ? PUBLIC_CACHE : 'private, no-store' });
  },
  { auth: 'optional', params: articleParams, query: readQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
