"use client";
import { Cloud } from "lucide-react";
import Link from "next/link";
import { answerConsent, useGrantConsent, type ConsentRequest } from "@/client/companion";
import { errorMessage } from "@/client/errors";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";

/**
 * The one consent step before a cloud model: it names the provider and the model, and what would be sent.
 * It opens when the server refused a request for want of consent; Allow stores the consent (for this
 * model) and the request goes again, Not now sends nothing.
 */
export function ConsentDialog({ request }: { request: ConsentRequest | null }) {
  const grant = useGrantConsent();
  const decline = () => {
    grant.reset();
    answerConsent(false);
  };
  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) decline();
      }}
      title={request ? `Send to ${request.providerName}?` : ""}
      description={
        request ? (
          <>
            Your AI model is <strong className="font-semibold text-stone-900">{request.model}</strong>, run by{" "}
            {request.providerName}, a cloud provider outside this app. Nothing has been sent yet.
          </>
        ) : null
      }
      footer={
        request ? (
          <>
            <Button variant="secondary" onClick={decline} disabled={grant.isPending}>
              Not now
            </Button>
            <Button onClick={() => grant.mutate(request.model)} disabled={grant.isPending} data-testid="consent-allow">
              <Cloud className="h-4 w-4" aria-hidden />
              Allow {request.providerName}
            </Button>
          </>
        ) : null
      }
    >
      {request && (
        <div className="space-y-3 text-sm text-stone-700" data-testid="consent-step">
          <p>If you allow it, {request.providerName} will receive, when you use these features:</p>
          <ul className="list-disc space-y-1 pl-5">
            {request.sends.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
          <p>
            {request.providerName} handles them under its own terms. Your choice is remembered for this model only, and
            you can revoke it in{" "}
            <Link href="/settings#companion" className="font-medium text-brand-700 underline" onClick={decline}>
              Settings
            </Link>
            . To keep everything with you, choose your own Ollama or the built-in offline companion there instead.
          </p>
          {grant.isError && (
            <p role="alert" className="text-red-700">
              Could not save your choice: {errorMessage(grant.error)}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
