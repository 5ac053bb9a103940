import { YearInPixels } from "@/features/checkins/year-pixels";

export const metadata = { title: "Year in Pixels" };

export default function Page() {
  return <YearInPixels />;
}
