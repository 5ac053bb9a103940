"use client";
import { useSearchParams } from "next/navigation";
import { KeyRound } from "lucide-react";
import { unlockEncryption } from "@/client/encryption";
import { SecretDoor } from "@/components/door/secret-door";
import { APP_NAME } from "@/domain/constants";
import { safeNextPath } from "@/domain/redirect";

/** The encrypted journal's door: its passphrase opens it (after each restart, and for each browser when no passcode is set). */
export function UnlockScreen() {
  const params = useSearchParams();
  return (
    <SecretDoor
      icon={<KeyRound className="h-6 w-6" aria-hidden />}
      title="Your journal is encrypted"
      intro={<>Enter the passphrase to open {APP_NAME}. It stays only in the server&apos;s memory until it restarts.</>}
      field={{ id: "passphrase", label: "Passphrase" }}
      action="Open journal"
      busyAction="Opening..."
      open={async (passphrase) => {
        await unlockEncryption(passphrase);
        // A full load: the client router may hold answers (redirects here) from while the journal was sealed.
        window.location.replace(safeNextPath(params.get("next")));
      }}
    />
  );
}
