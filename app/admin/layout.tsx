import type { Metadata } from 'next';
import './admin.css';
import { LinkNavigator } from '@/components/ui/link-navigator';

// The staff console is never indexed and never cached (proxy.ts also sends X-Robots-Tag and no-store).
export const metadata: Metadata = {
  title: { default: '书声后台', template: '%s · 书声后台' },
  robots: { index: false, follow: false },
};

export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="console">
      {children}
      <LinkNavigator />
    </div>
  );
}
