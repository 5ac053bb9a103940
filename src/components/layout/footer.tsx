import Link from "next/link";
import { APP_NAME } from "@/domain/constants";

export function Footer() {
  return (
    <footer className="mx-auto max-w-6xl px-4 pb-24 pt-10 text-center text-xs text-stone-500 md:pb-8 print:hidden">
      <p>
        {APP_NAME} is a proof-of-concept built for an AI challenge. It is not a medical or therapeutic tool and does not
        replace professional help.{" "}
        <Link href="/get-help" className="font-medium text-rose-700 underline underline-offset-2">
          Get help now
        </Link>
      </p>
    </footer>
  );
}
