import { BookOpen, Home, MessageCircle, Settings, CalendarDays, type LucideIcon } from "lucide-react";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

export const NAV_ITEMS: NavItem[] = [
  { href: "/", label: "Home", icon: Home },
  { href: "/journal", label: "Journal", icon: BookOpen },
  { href: "/timeline", label: "Timeline", icon: CalendarDays },
  { href: "/chat", label: "Just Chatting", icon: MessageCircle },
  { href: "/settings", label: "Settings", icon: Settings },
];

export function isActive(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  if (href === "/journal") return pathname === "/journal" || pathname.startsWith("/journal/");
  return pathname === href || pathname.startsWith(`${href}/`);
}
