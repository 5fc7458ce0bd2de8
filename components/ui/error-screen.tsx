import { MSG } from '@/lib/shared/messages';

/** The render-error screen (docs/shell.md "Toasts, spinners, error screen, navigation"): the server had a hiccup, with a refresh link to /m. */
export function ErrorScreen() {
  return (
    <section className="error-screen" role="alert">
      <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true">
        <circle cx="48" cy="48" r="44" fill="#fdecea" />
        <path d="M30 62c5-8 31-8 36 0" stroke="#c0392b" strokeWidth="4" fill="none" strokeLinecap="round" />
        <circle cx="36" cy="40" r="4" fill="#c0392b" />
        <circle cx="60" cy="40" r="4" fill="#c0392b" />
      </svg>
      <h1>{MSG.renderErrorTitle}</h1>
      <p>{MSG.renderErrorBody}</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain anchor: after a render error the client router may itself be broken. */}
      <a className="button button-primary" href="/m">
        {MSG.refresh}
      </a>
    </section>
  );
}
