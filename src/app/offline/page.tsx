import { WifiOff } from "lucide-react";
import { APP_NAME } from "@/domain/constants";

export const metadata = { title: "Offline" };

/** Shown by the service worker when a page was never opened before and the server cannot be reached. */
export default function OfflinePage() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <WifiOff className="mx-auto h-10 w-10 text-stone-400" aria-hidden />
      <h1 className="mt-4 text-2xl font-semibold text-stone-900">You are offline</h1>
      <p className="mt-3 text-stone-600">
        {APP_NAME} cannot reach its server right now. Nothing is lost: your journal is safe on the server and will be
        back when the connection returns.
      </p>
    </div>
  );
}
