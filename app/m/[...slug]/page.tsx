import { notFound } from 'next/navigation';

// Unknown paths under /m answer the reader's not-found page with status 404 (docs/accounts.md "Route guard"); the
// guard rewrites them here.
export default function UnknownReaderPath() {
  notFound();
}
