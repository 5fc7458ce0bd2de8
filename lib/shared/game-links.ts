/**
 * The 9.9 permanent ad removal offered instead of game recommendations to a member without VIP (docs/games.md
 * "Closing game recommendations"): the ordinary order confirmation, scene 10008 (the game ad).
 */
export function adRemovalHref(pid: number, returnPath: string): string {
  return `/orders/create?${new URLSearchParams({ pid: String(pid), return: returnPath, cancel: returnPath, scene: '10008' })}`;
}
