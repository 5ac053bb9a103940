import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { ConnectionStatus } from "@/components/layout/connection";
import { Footer } from "@/components/layout/footer";
import { Nav } from "@/components/layout/nav";
import { OpenJournalBanner } from "@/components/layout/open-journal-banner";
import { ServerNotices } from "@/components/layout/notices";
import { Providers } from "@/components/layout/providers";
import { ReminderNudge } from "@/components/layout/reminder-nudge-lazy";
import { APP_NAME } from "@/domain/constants";
import { restoredAtStart } from "@/server/backup/service";
import { accessMode } from "@/server/security/space";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: APP_NAME, template: `${APP_NAME} - %s` },
  description: "A private journal with an AI companion. Your entries stay on your device.",
  applicationName: APP_NAME,
  robots: { index: false, follow: false },
  // Listing the SVG icon here too: an `icons` entry replaces the one Next would add for app/icon.svg.
  icons: { icon: [{ url: "/icon.svg", type: "image/svg+xml" }], apple: "/icons/apple-touch-icon.png" },
  appleWebApp: { capable: true, title: APP_NAME, statusBarStyle: "default" },
};

export const viewport: Viewport = {
  themeColor: "#7c3aed",
  colorScheme: "light",
  width: "device-width",
  initialScale: 1,
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, so each gets its own CSP nonce.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const mode = accessMode();
  if (mode === "setup-required") {
    // Only the setup screen: no navigation, no request to the closed API.
    return (
      <html lang="en" className="light" style={{ colorScheme: "light" }}>
        <body className="min-h-screen font-sans antialiased">
          <main id="main" className="mx-auto min-h-screen max-w-6xl px-4 py-6">
            {children}
          </main>
        </body>
      </html>
    );
  }
  const restored = restoredAtStart();
  return (
    <html lang="en" className="light" style={{ colorScheme: "light" }}>
      <body className="min-h-screen font-sans antialiased">
        <Providers nonce={nonce}>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
          >
            Skip to content
          </a>
          <ServerNotices mode={mode} restored={restored} />
          <Nav />
          <OpenJournalBanner />
          <ConnectionStatus />
          <ReminderNudge />
          <main id="main" className="mx-auto min-h-[calc(100vh-3.5rem)] max-w-6xl px-4 py-6">
            {children}
          </main>
          <Footer />
        </Providers>
      </body>
    </html>
  );
}
