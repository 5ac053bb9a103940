"use client";
import { AlertTriangle } from "lucide-react";
import { errorAdvice, errorMessage } from "@/client/errors";

/** Error box of spec section 8: title, message, advice, optional "Try again" and "Dismiss". */
export function ErrorBox({
  title,
  error,
  message,
  onRetry,
  retryLabel = "Try again",
  onDismiss,
}: {
  title: string;
  error?: unknown;
  message?: string;
  onRetry?: () => void;
  /** The retry button's text; "Try again" unless a screen's wording differs (the Timeline's "Retry"). */
  retryLabel?: string;
  onDismiss?: () => void;
}) {
  const text = message ?? errorMessage(error);
  const advice = error ? errorAdvice(error) : [];
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
      <div className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-red-600" aria-hidden />
        <div className="flex-1">
          <h3 className="font-semibold">{title}</h3>
          <p className="mt-1 text-sm">{text}</p>
          {advice.map((a) => (
            <p key={a} className="mt-1 text-sm text-red-800">
              {a}
            </p>
          ))}
          {(onRetry || onDismiss) && (
            <div className="mt-3 flex gap-2">
              {onRetry && (
                <button
                  type="button"
                  onClick={onRetry}
                  className="rounded-lg bg-red-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-700"
                >
                  {retryLabel}
                </button>
              )}
              {onDismiss && (
                <button
                  type="button"
                  onClick={onDismiss}
                  className="rounded-lg px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-100"
                >
                  Dismiss
                </button>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
