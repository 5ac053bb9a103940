import { notFound } from "next/navigation";
import { env } from "@/server/env";
import { ErrorCheck } from "./error-check";

export const metadata = { title: "Error check" };
export const dynamic = "force-dynamic";

/** Exists only when REVERIE_E2E=1 (the browser tests), to prove the error screen works. */
export default function Page() {
  if (env().REVERIE_E2E !== "1") notFound();
  return <ErrorCheck />;
}
