"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/dialog";
import { useLeaveGuard } from "./use-leave-guard";

interface LeaveInput {
  isEdit: boolean;
  dirty: boolean;
  /** Whether a link to another page asks first (see the editor). */
  holdLinks: boolean;
  flushDraft: () => void;
  dropDraft: () => void;
}

/**
 * Leaving the editor: Cancel (asks first when there are unsaved changes, and discards a new entry's
 * draft), a link to another page while work would be lost (asks first; a new entry's text stays as a
 * draft), and the browser's own warning before a reload or closing the tab.
 */
export function useEditorLeave({ isEdit, dirty, holdLinks, flushDraft, dropDraft }: LeaveInput) {
  const router = useRouter();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [pendingHref, setPendingHref] = useState<string | null>(null);
  const guard = useLeaveGuard({
    warnUnload: dirty,
    interceptLinks: holdLinks,
    onLinkAttempt: setPendingHref,
    flush: flushDraft,
  });

  const leaveTo = isEdit ? "/timeline" : "/";
  /** Leaves the editor; Cancel discards a new entry's draft, following a link keeps it. */
  const discardAndGo = (href: string, drop = true) => {
    if (drop) dropDraft();
    setConfirmCancel(false);
    setPendingHref(null);
    router.push(href);
  };
  const close = () => {
    setConfirmCancel(false);
    setPendingHref(null);
  };
  return {
    /** The work was just kept (on this device): the page load that follows asks nothing. */
    release: guard.release,
    cancel: () => (dirty ? setConfirmCancel(true) : discardAndGo(leaveTo)),
    dialog: {
      isEdit,
      open: confirmCancel || pendingHref !== null,
      link: pendingHref !== null,
      close,
      confirm: () => (pendingHref !== null ? discardAndGo(pendingHref, isEdit) : discardAndGo(leaveTo)),
    },
  };
}

/** "Discard changes?" before Cancel or a link takes the person away from unsaved work. */
export function DiscardDialog({ state }: { state: ReturnType<typeof useEditorLeave>["dialog"] }) {
  const { isEdit, open, link, close, confirm } = state;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) close();
      }}
      title="Discard changes?"
      message={
        isEdit
          ? "You have unsaved changes to this entry. If you leave now, they will be lost."
          : link
            ? "Attached files are not kept in the draft and will be lost. Your text stays as a draft on this device."
            : "You have unsaved work. If you leave now, your draft and any attached files will be discarded."
      }
      confirmLabel={!isEdit && link ? "Leave without files" : "Discard changes"}
      cancelLabel="Keep editing"
      danger
      onConfirm={confirm}
    />
  );
}
