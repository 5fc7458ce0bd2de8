/** The line icons of 我的's rows (docs/shell.md "我的"): 20 px, the row's text colour, decorative. */
const PATHS = {
  coins: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v10m-3-7.5c0-1.2 1.3-2 3-2s3 .8 3 2-1.3 1.7-3 2-3 .8-3 2 1.3 2 3 2 3-.8 3-2',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  ticket: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM14 7v10',
  crown: 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z',
  coupon: 'M4 5h16v5a2 2 0 0 0 0 4v5H4v-5a2 2 0 0 0 0-4zM9 9l6 6M9.5 14.5h.01M14.5 9.5h.01',
  shelf: 'M5 3h11a3 3 0 0 1 3 3v15l-4-2-4 2-4-2-2 1z',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3 3',
  message: 'M4 5h16v11H9l-5 4z',
  check: 'M4 5h16v15H4zM4 9h16M8 3v4M16 3v4M9 14l2 2 4-4',
  flag: 'M5 21V4h11l-2 4 2 4H5',
  gift: 'M4 10h16v10H4zM2 6h20v4H2zM12 6v14M12 6c-2-4-6-3-6-1s4 1 6 1c2 0 6 1 6-1s-4-3-6 1',
  wheel: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 0v18M3 12h18M5.6 5.6l12.8 12.8M18.4 5.6 5.6 18.4',
  game: 'M6 8h12a4 4 0 0 1 0 8H6a4 4 0 0 1 0-8zM8 10v4M6 12h4M15 11h.01M17 13h.01',
  follow: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2z',
  report: 'M12 3l9 16H3zM12 10v4M12 17h.01',
  document: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zM9 12l2 2 4-4',
  help: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-2.5 6.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01',
  settings: 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1',
  download: 'M12 4v11M7 10l5 5 5-5M5 19h14',
  leave: 'M10 4H5v16h5M14 8l4 4-4 4M18 12H9',
} as const;

export type MyIconName = keyof typeof PATHS;

export function MyIcon({ name }: { name: MyIconName }) {
  return (
    <svg className="my-icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
