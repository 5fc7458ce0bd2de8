import type { MissionAction } from '@/lib/shared/activity';

/**
 * Where 去完成 takes a reader for each mission action (docs/activity-pages.md "Activity centre"): reading and buying to the
 * library, listening to the audio tab, shelf adds to the shelf, votes to 排行榜's competition, check-in to the card.
 */
export const MISSION_LINKS: Record<MissionAction, string> = {
  read_minutes: '/m/library',
  read_days: '/m/library',
  listen_minutes: '/m?tab=listen',
  buy_chapter: '/m/library',
  shelf_add: '/m/library',
  comment: '/m/library',
  tip: '/m/library',
  vote: '/m/ranks',
  checkin: '/m/events#checkin',
  // Shared from a novel's page (its 分享 button).
  share: '/m/library',
};

/** A mission code the browser does not know (a new action) still leads somewhere useful. */
export function missionLink(action: string): string {
  return (MISSION_LINKS as Record<string, string>)[action] ?? '/m/library';
}
