"use client";
import { Brain, Pencil, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useEditFact, useForgetFact, useMemory, useMemorySwitch, useRememberFact } from "@/client/memory";
import { errorMessage } from "@/client/errors";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import type { MemoryFactDto } from "@/contracts/memory";
import { APP_NAME } from "@/domain/constants";
import { MAX_MEMORY_FACT_CHARS } from "@/domain/memory";
import { SettingsSection } from "./section";

const field =
  "w-full rounded-xl border border-stone-200 bg-white px-3 py-2 text-sm text-stone-900 focus:border-brand-500 focus:outline-none";

function FactRow({ fact }: { fact: MemoryFactDto }) {
  const toast = useToast();
  const edit = useEditFact();
  const forget = useForgetFact();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(fact.text);
  const save = (e: FormEvent) => {
    e.preventDefault();
    edit.mutate(
      { id: fact.id, text },
      {
        onSuccess: () => setEditing(false),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };
  if (editing)
    return (
      <li>
        <form onSubmit={save} className="flex flex-wrap items-center gap-2" aria-label={`Edit: ${fact.text}`}>
          <input
            aria-label="Fact"
            className={`${field} min-w-0 flex-1`}
            value={text}
            maxLength={MAX_MEMORY_FACT_CHARS}
            onChange={(e) => setText(e.target.value)}
            autoFocus
          />
          <Button size="sm" type="submit" disabled={edit.isPending || !text.trim()}>
            Save
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setText(fact.text);
              setEditing(false);
            }}
          >
            Cancel
          </Button>
        </form>
      </li>
    );
  return (
    <li className="flex items-center gap-2 rounded-xl border border-stone-200 px-3 py-2">
      <span className="min-w-0 flex-1 text-sm text-stone-800">{fact.text}</span>
      <button
        type="button"
        onClick={() => setEditing(true)}
        className="rounded p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-800"
        aria-label={`Edit: ${fact.text}`}
      >
        <Pencil className="h-4 w-4" aria-hidden />
      </button>
      <button
        type="button"
        onClick={() => forget.mutate(fact.id, { onError: (err) => toast.error(errorMessage(err)) })}
        disabled={forget.isPending}
        className="rounded p-1.5 text-stone-500 hover:bg-red-50 hover:text-red-700"
        aria-label={`Delete: ${fact.text}`}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </button>
    </li>
  );
}

/**
 * What Reverie remembers: the facts the person confirmed, each editable and deletable, one added by hand,
 * and the switch (off: nothing is proposed and nothing is sent to the model).
 */
export function MemorySection() {
  const toast = useToast();
  const memory = useMemory();
  const toggle = useMemorySwitch();
  const add = useRememberFact();
  const [text, setText] = useState("");
  const data = memory.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { text, source: "manual" },
      { onSuccess: () => setText(""), onError: (err) => toast.error(errorMessage(err)) },
    );
  };
  return (
    <SettingsSection
      id="memory"
      title={`What ${APP_NAME} remembers`}
      description="Short facts about you that you confirmed in a chat or on an entry. They are kept in your journal (encrypted with it when encryption is on), exported with it, and sent only to the AI model you chose, as context for chat."
      icon={<Brain className="h-5 w-5" aria-hidden />}
    >
      {memory.isPending ? (
        <p className="text-sm text-stone-500">Loading...</p>
      ) : memory.error || !data ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(memory.error)}
        </p>
      ) : (
        <div className="space-y-4">
          <Switch
            checked={data.enabled}
            onCheckedChange={(on) => toggle.mutate(on, { onError: (err) => toast.error(errorMessage(err)) })}
            disabled={toggle.isPending}
            label="Memory"
            description={
              data.enabled
                ? "On: the companion may propose facts to remember, and the ones below go to the model with each chat."
                : "Off: nothing is proposed and nothing below is sent. The facts stay until you delete them."
            }
          />
          {data.facts.length ? (
            <ul className="space-y-2" aria-label="Remembered facts">
              {data.facts.map((f) => (
                <FactRow key={`${f.id}:${f.updated_at}`} fact={f} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-500">
              Nothing yet. When you mention someone or a routine, the companion may ask whether to remember it.
            </p>
          )}
          <form onSubmit={submit} className="flex flex-wrap items-center gap-2" aria-label="Add a fact">
            <input
              aria-label="A fact to remember"
              placeholder="For example: Sam is your sister"
              className={`${field} min-w-0 flex-1`}
              value={text}
              maxLength={MAX_MEMORY_FACT_CHARS}
              onChange={(e) => setText(e.target.value)}
            />
            <Button size="sm" type="submit" disabled={add.isPending || !text.trim()}>
              Add
            </Button>
          </form>
        </div>
      )}
    </SettingsSection>
  );
}
