"use client";
import { lazy, Suspense } from "react";

const Markdown = lazy(() => import("./markdown").then((m) => ({ default: m.Markdown })));

/**
 * The markdown renderer, loaded with the first reply rather than with the page: until it arrives the
 * text shows as plain, escaped text, so nothing is hidden and nothing unsafe is rendered.
 */
export function LazyMarkdown({ children }: { children: string }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap break-words">{children}</p>}>
      <Markdown>{children}</Markdown>
    </Suspense>
  );
}
