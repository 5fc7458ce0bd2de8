/**
 * Paged mode's status line (docs/reading.md "Paged mode"): the chapter's title, the page, the time and — where the
 * browser tells it (navigator.getBattery) — the battery, as a book app's footer shows them. Pure, for the tests;
 * components/reader/paged-status.tsx keeps the clock and the battery.
 */
export interface PagedStatus {
  title: string;
  /** 12 / 30 */
  page: string;
  /** 09:05, in the reader's own time zone. */
  time: string;
  /** 80%, or null where the browser does not tell. */
  battery: string | null;
}

const two = (n: number) => String(n).padStart(2, '0');

export function pagedStatus(args: { title: string; page: number; pages: number; now: Date; battery: number | null }): PagedStatus {
  const pages = Math.max(1, args.pages);
  const page = Math.min(pages, Math.max(1, args.page + 1));
  const level = args.battery === null || !Number.isFinite(args.battery) ? null : Math.round(Math.min(1, Math.max(0, args.battery)) * 100);
  return {
    title: args.title,
    page: `${page} / ${pages}`,
    time: `${two(args.now.getHours())}:${two(args.now.getMinutes())}`,
    battery: level === null ? null : `${level}%`,
  };
}

/** How long until the clock's minute changes: the status line re-renders then, not every second. */
export function msToNextMinute(now: Date): number {
  return 60_000 - (now.getSeconds() * 1000 + now.getMilliseconds());
}
