'use client';

import { useEffect } from 'react';
import { ErrorScreen } from '@/components/ui/error-screen';
import { reportRenderError } from '@/lib/client/report-render-error';

// Outside /m there is no shell error boundary: the recharge page brings its own "server had a hiccup" screen.
export default function RechargeError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => reportRenderError(error), [error]);
  return (
    <main className="shell">
      <ErrorScreen />
    </main>
  );
}
