import { HelpScreen } from "@/features/help/help-screen";

export const metadata = { title: "Help" };

export default function Page() {
  return <HelpScreen />;
}
