/**
 * The "tap ··· then open in the browser" picture of the iOS guide, drawn in SVG so it is crisp, tiny and
 * needs no image request. The arrow in the corner points at the messaging app's own ··· button above the page.
 */
export function OpenInBrowserArt() {
  return (
    <>
      <svg className="guide-pointer" viewBox="0 0 80 90" width="80" height="90" aria-hidden="true">
        <path d="M14 84 C 20 44, 40 24, 66 14" stroke="#b3261e" strokeWidth="4" fill="none" strokeLinecap="round" strokeDasharray="2 9" />
        <path d="M52 6 L70 12 L60 28" stroke="#b3261e" strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <svg className="guide-art" viewBox="0 0 280 170" width="280" height="170" role="img" aria-label="点击右上角···，选择在浏览器打开">
        <rect x="20" y="6" width="240" height="158" rx="16" fill="#fff" stroke="#d9d4cc" strokeWidth="3" />
        <rect x="20" y="6" width="240" height="34" rx="16" fill="#f3f1ee" />
        <rect x="20" y="24" width="240" height="16" fill="#f3f1ee" />
        <circle cx="218" cy="23" r="13" fill="#fff" stroke="#b3261e" strokeWidth="2" />
        <circle cx="211" cy="23" r="2.4" fill="#1c1c1e" />
        <circle cx="218" cy="23" r="2.4" fill="#1c1c1e" />
        <circle cx="225" cy="23" r="2.4" fill="#1c1c1e" />
        <rect x="112" y="48" width="138" height="104" rx="10" fill="#fff" stroke="#e4e4e0" strokeWidth="2" />
        <rect x="122" y="58" width="118" height="24" rx="6" fill="#f6f6f4" />
        <rect x="122" y="88" width="118" height="26" rx="6" fill="#fdf0ef" stroke="#b3261e" strokeWidth="2" />
        {/* A compass, the usual sign for "the browser". */}
        <circle cx="136" cy="101" r="8.5" fill="#fff" stroke="#1a73e8" strokeWidth="2" />
        <path d="M140.5 96.5 L137.4 102.4 L134.6 99.6 Z" fill="#d93025" />
        <path d="M131.5 105.5 L134.6 99.6 L137.4 102.4 Z" fill="#1a73e8" />
        <text x="150" y="106" fontSize="12" fill="#8c1d18" fontFamily="PingFang SC, Noto Sans CJK SC, sans-serif">
          在浏览器打开
        </text>
        <rect x="122" y="120" width="118" height="24" rx="6" fill="#f6f6f4" />
        <rect x="36" y="56" width="64" height="10" rx="5" fill="#efe9e1" />
        <rect x="36" y="74" width="56" height="10" rx="5" fill="#efe9e1" />
        <rect x="36" y="92" width="64" height="10" rx="5" fill="#efe9e1" />
        <rect x="36" y="110" width="48" height="10" rx="5" fill="#efe9e1" />
      </svg>
    </>
  );
}
