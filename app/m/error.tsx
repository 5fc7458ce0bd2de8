'use client';

import { useEffect } from 'react';
import { ErrorScreen } from '@/components/ui/error-screen';
import { reportRenderError } from '@/lib/client/report-render-error';

export default function ReaderError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => reportRenderError(error), [error]);
  return <ErrorScreen />;
}
