import { notFound } from 'next/navigation';

// Unknown paths under /m answer the reader's not-found page with status 404 (docs/accounts.md "Route guard"); the
// guard rewrites them here.
export default function UnknownReaderPath() {
  notFound();
}

// Renders per request until its request-bound parts sit behind Suspense: allowed to block (docs/architecture.md
// "Caching").
export const instant = false;
