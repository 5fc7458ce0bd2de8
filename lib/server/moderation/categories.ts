import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';

/** What a listed word does to a text: refuse it outright, or publish nothing until a moderator looks. */
export type WordAction = 'block' | 'review';
export const WORD_ACTIONS: readonly WordAction[] = ['block', 'review'];

/**
 * The sensitive-word categories and the action a new word of each takes unless staff pick the other one
 * (docs/moderation.md "Categories"). The key is what the database stores; the label is what staff and refused
 * readers see.
 */
export const WORD_CATEGORIES = {
  politics: { label: SERVER_MSG.wordCategoryPolitics, defaultAction: 'block' },
  porn: { label: SERVER_MSG.wordCategoryPorn, defaultAction: 'block' },
  violence: { label: SERVER_MSG.wordCategoryViolence, defaultAction: 'review' },
  ads: { label: SERVER_MSG.wordCategoryAds, defaultAction: 'block' },
  abuse: { label: SERVER_MSG.wordCategoryAbuse, defaultAction: 'review' },
  illegal: { label: SERVER_MSG.wordCategoryIllegal, defaultAction: 'block' },
} as const satisfies Record<string, { label: string; defaultAction: WordAction }>;

export type WordCategory = keyof typeof WORD_CATEGORIES;
export const WORD_CATEGORY_KEYS = Object.keys(WORD_CATEGORIES) as WordCategory[];

export function isWordCategory(value: string): value is WordCategory {
  return Object.hasOwn(WORD_CATEGORIES, value);
}

/** The label of a stored category; a key no longer in the table shows as itself. */
export function categoryLabel(category: string): string {
  return isWordCategory(category) ? WORD_CATEGORIES[category].label : category;
}
