import type { Metadata, Viewport } from 'next';
import './styles.css';
import { siteUrl } from '@/lib/server/core/site-url';

export const metadata: Metadata = {
  // Absolute URLs for canonical links and Open Graph images follow SITE_URL.
  metadataBase: new URL(siteUrl()),
  title: { default: '书声 — 小说阅读与听书', template: '%s · 书声' },
  description: '书声：连载小说在线阅读与听书，中文、维吾尔文、藏文好书随时读、随时听。',
  applicationName: '书声',
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  viewportFit: 'cover',
  themeColor: '#ffffff',
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-CN">
      <body>{children}</body>
    </html>
  );
}
