"use client";
import { useRouter, useSearchParams } from "next/navigation";
import { Lock } from "lucide-react";
import { login } from "@/client/auth";
import { SecretDoor } from "@/components/door/secret-door";
import { APP_NAME } from "@/domain/constants";
import { safeNextPath } from "@/domain/redirect";

/** The locked journal's door: its passcode opens it. */
export function LockScreen() {
  const router = useRouter();
  const params = useSearchParams();
  return (
    <SecretDoor
      icon={<Lock className="h-6 w-6" aria-hidden />}
      title={`${APP_NAME} is locked`}
      intro="Enter your passcode to open your journal."
      field={{ id: "passcode", label: "Passcode" }}
      action="Unlock"
      busyAction="Unlocking..."
      open={async (passcode) => {
        await login(passcode);
        router.replace(safeNextPath(params.get("next")));
        router.refresh();
      }}
    />
  );
}
