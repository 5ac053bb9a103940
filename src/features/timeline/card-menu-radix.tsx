"use client";
import { MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { DropdownMenu } from "radix-ui";
import { CARD_MENU_TRIGGER_CLASS } from "./card-menu-class";

/** The radix version of a card's actions menu, which CardMenu (./entry-card) loads and renders in place of its stand-in. */
export function RadixCardMenu({
  label,
  editHref,
  onDelete,
  defaultOpen,
  autoFocus,
}: {
  label: string;
  editHref: string;
  onDelete: () => void;
  defaultOpen?: boolean;
  autoFocus?: boolean;
}) {
  const router = useRouter();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label={label} autoFocus={autoFocus} className={CARD_MENU_TRIGGER_CLASS}>
        <MoreHorizontal className="h-5 w-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-40 min-w-36 rounded-xl border border-stone-200 bg-white p-1 text-sm shadow-lg"
        >
          <DropdownMenu.Item
            onSelect={() => router.push(editHref)}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-stone-700 outline-none data-[highlighted]:bg-stone-100"
          >
            <Pencil className="h-4 w-4" aria-hidden />
            Edit
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={onDelete}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-red-700 outline-none data-[highlighted]:bg-red-50"
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
