import { Suspense } from 'react';
import { TabBar } from '@/components/shell/tab-bar';
import { Toaster } from '@/components/ui/toaster';
import { ModalHost } from '@/components/modals/modal-host';
import { NavigationEffects } from '@/components/shell/navigation-effects';
import { HistorySync } from '@/components/shell/history-sync';
import { ListenRoot } from '@/components/listen/listen-root';
import { OfflineWorkerScript } from '@/components/offline/offline-worker-script';
import { MinorsPrompt } from '@/components/minors/minors-prompt';
import { ConsentGate } from '@/components/account/consent-gate';
import { LinkNavigator } from '@/components/ui/link-navigator';

/** The /m shell: tab bar, toaster, modal host and the listen player survive navigation between reader pages. */
export default function ReaderLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="shell">
      <main className="shell-main">{children}</main>
      <TabBar />
      <Toaster />
      <ModalHost />
      <ListenRoot />
      <HistorySync />
      <OfflineWorkerScript />
      <MinorsPrompt />
      <ConsentGate />
      <LinkNavigator />
      <Suspense fallback={null}>
        <NavigationEffects />
      </Suspense>
    </div>
  );
}
