import { HomeScreen } from "@/features/home/home-screen";

export const metadata = { title: "Home" };

export default function Page() {
  return <HomeScreen />;
}
