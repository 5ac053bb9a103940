"use client";
import { useSyncExternalStore } from "react";
import { pendingConsent, subscribeConsent, type ConsentRequest } from "@/client/consent-gate";
import { lazyWhenShown } from "@/components/lazy";

/**
 * Where the consent step lives on every screen: it listens for a request that waits for consent, and the
 * dialog's code (./consent-dialog) is loaded only when the browser is idle or one is waiting, so it is not
 * in any screen's first load.
 */
const ConsentDialog = lazyWhenShown<{ request: ConsentRequest | null }>(
  () => import("./consent-dialog").then((m) => m.ConsentDialog),
  (p) => p.request !== null,
);

export function ConsentHost() {
  const request = useSyncExternalStore(subscribeConsent, pendingConsent, () => null);
  return <ConsentDialog request={request} />;
}
