"use client";
import { useEffect, useState } from "react";
import { proposeFacts, useRememberFact } from "@/client/memory";
import { errorMessage } from "@/client/errors";
import { useToast } from "@/components/feedback/toast";
import { MemoryProposals } from "@/components/memory-proposals";
import type { EntryDto } from "@/contracts/entries";
import { APP_NAME } from "@/domain/constants";

/** Versions of entries already read for proposals in this tab: each is read once, whatever was answered. */
const read = new Set<string>();

/** Facts proposed from the entry (for example "Sam is your sister"), kept only with Remember. */
export function EntryMemoryProposals({ entry }: { entry: EntryDto }) {
  const toast = useToast();
  const remember = useRememberFact();
  const [facts, setFacts] = useState<string[]>([]);
  const key = `${entry.id}:${entry.updated_at}`;
  useEffect(() => {
    if (read.has(key) || !entry.content.trim()) return;
    read.add(key);
    const controller = new AbortController();
    void proposeFacts(entry.content, "entry", controller.signal).then((found) => {
      if (!controller.signal.aborted) setFacts(found);
    });
    return () => controller.abort();
  }, [key, entry.content]);
  if (!facts.length) return null;
  return (
    <div className="mt-4">
      <MemoryProposals
        facts={facts}
        busy={remember.isPending}
        onDismiss={(f) => setFacts((cur) => cur.filter((x) => x !== f))}
        onRemember={(f) =>
          remember.mutate(
            { text: f, source: "entry" },
            {
              onSuccess: () => {
                setFacts((cur) => cur.filter((x) => x !== f));
                toast.success(`${APP_NAME} will remember that ${f}. You can change this in Settings.`);
              },
              onError: (err) => toast.error(errorMessage(err)),
            },
          )
        }
      />
    </div>
  );
}
