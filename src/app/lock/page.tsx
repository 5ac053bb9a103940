import { Suspense } from "react";
import { LockScreen } from "@/features/lock/lock-screen";

export const metadata = { title: "Locked" };

export default function Page() {
  return (
    <Suspense>
      <LockScreen />
    </Suspense>
  );
}
