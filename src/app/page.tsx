import { HomeScreen } from "@/features/home/home-screen";
import { APP_NAME } from "@/domain/constants";

// The root layout's title template does not apply to a page in its own segment.
export const metadata = { title: { absolute: `${APP_NAME} - Home` } };

export default function Page() {
  return <HomeScreen />;
}
