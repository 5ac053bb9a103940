import { Suspense } from "react";
import { UnlockScreen } from "@/features/unlock/unlock-screen";

export const metadata = { title: "Encrypted" };

export default function Page() {
  return (
    <Suspense>
      <UnlockScreen />
    </Suspense>
  );
}
