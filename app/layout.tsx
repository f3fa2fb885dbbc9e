import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { fontVariables } from './fonts';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Factdesk', template: '%s · Factdesk' },
  description: 'Collaborative fact-checking desk',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request, even the 404 page: a prerendered page
  // would carry no CSP nonce and its scripts would be blocked (proxy.ts).
  await connection();
  return (
    <html lang="en" className={fontVariables}>
      <body className="min-h-screen font-sans text-[15px] leading-relaxed">{children}</body>
    </html>
  );
}
