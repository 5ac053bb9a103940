import { GetHelpScreen } from "@/features/get-help/get-help-screen";

export const metadata = { title: "Get help" };

export default function Page() {
  return <GetHelpScreen />;
}
