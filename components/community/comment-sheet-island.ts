import { clientIsland } from '@/components/ui/client-island';

/**
 * The comment sheet (with SWR and the comment list), its own chunk fetched when a sheet is first opened: one island
 * for the reader and the listen page, so the code is fetched once for both (docs/community.md).
 */
export const CommentSheetIsland = clientIsland(() => import('./comment-sheet').then((m) => m.CommentSheet));
