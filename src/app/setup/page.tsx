import { redirect } from "next/navigation";
import { SetupScreen } from "@/features/setup/setup-screen";
import { accessMode } from "@/server/security/space";

export const metadata = { title: "Set up" };
export const dynamic = "force-dynamic";

export default function Page() {
  if (accessMode() !== "setup-required") redirect("/");
  return <SetupScreen spaceId={process.env.SPACE_ID?.trim() || null} />;
}
