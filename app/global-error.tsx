'use client';

import { useEffect } from 'react';
import { ErrorScreen } from '@/components/ui/error-screen';
import { reportRenderError } from '@/lib/client/report-render-error';
import './styles.css';

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => reportRenderError(error), [error]);
  return (
    <html lang="zh-CN">
      <body>
        <ErrorScreen />
      </body>
    </html>
  );
}
