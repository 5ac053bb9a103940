"use client";
import type { ReactNode } from "react";
import { lazyWhenShown } from "@/components/lazy";
import { Button } from "./button";
import type { ModalProps } from "./dialog-radix";

/**
 * A modal dialog on radix: focus trapped, Escape closes, labelled by its title. Its code (radix Dialog
 * and the scroll lock) is not part of a page's first load: it comes when the browser is idle, or when
 * the dialog first opens.
 */
export const Modal = lazyWhenShown<ModalProps>(
  () => import("./dialog-radix").then((m) => m.RadixModal),
  (p) => p.open,
);

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  danger,
  busy,
  onConfirm,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  returnFocus?: ModalProps["returnFocus"];
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      returnFocus={returnFocus}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? "danger" : "primary"} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
