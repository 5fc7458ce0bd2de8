import { redirect } from 'next/navigation';

// Unknown paths under /m go to /m (spec §2).
export default function UnknownReaderPath() {
  redirect('/m');
}
