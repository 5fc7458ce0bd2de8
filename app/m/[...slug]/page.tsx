import { redirect } from 'next/navigation';

// Unknown paths under /m go to /m (docs/accounts.md "Route guard").
export default function UnknownReaderPath() {
  redirect('/m');
}
