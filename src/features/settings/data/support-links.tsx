import { BookOpen, Bug, Shield } from "lucide-react";
import Link from "next/link";
import { REPORT_ISSUE_PATH } from "@/domain/constants";

const linkClass = "inline-flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:text-brand-800";

/** Support: the user guide and the privacy policy (on /help), and how to report a problem (/report). */
export function SupportLinks() {
  return (
    <nav aria-label="Support" className="mt-2 flex flex-wrap gap-2" data-testid="support-links">
      <Link href="/help#guide" className={linkClass}>
        <BookOpen className="h-4 w-4" aria-hidden />
        User Guide
      </Link>
      <Link href="/help#privacy" className={linkClass}>
        <Shield className="h-4 w-4" aria-hidden />
        Privacy Policy
      </Link>
      <Link href={REPORT_ISSUE_PATH} className={linkClass}>
        <Bug className="h-4 w-4" aria-hidden />
        Report an Issue
      </Link>
    </nav>
  );
}
