import { redirect } from "next/navigation";
import { SetupScreen } from "@/features/setup/setup-screen";
import { env } from "@/server/env";
import { accessMode } from "@/server/security/space";

export const metadata = { title: "Set up" };
export const dynamic = "force-dynamic";

export default function Page() {
  if (accessMode() !== "setup-required") redirect("/");
  return <SetupScreen spaceId={env().SPACE_ID?.trim() || null} />;
}
