"use client";
import clsx from "clsx";
import type { Element, ElementContent } from "hast";
import { ExternalLink, Image as ImageIcon } from "lucide-react";
import { memo } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import { CodeBlock } from "./code-block";
import { ALLOWED_URL_SCHEMES, safeUrl } from "./safe-url";

/**
 * Markdown written by a model (or anyone else), rendered safely:
 * - raw HTML is dropped (never parsed into elements);
 * - the tree is sanitised with rehype-sanitize (GitHub's allow-list), links and images only with the
 *   http, https, irc, ircs, mailto and xmpp schemes; relative addresses are dropped too;
 * - links open in a new tab with rel="noopener noreferrer";
 * - images are not loaded: they become links, so nothing is fetched from a host the text chose;
 * - fenced code is highlighted by shiki, loaded only when a code block appears.
 */

const schemes = [...ALLOWED_URL_SCHEMES];
const schema: SanitizeSchema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: schemes, src: schemes, cite: schemes, longDesc: schemes },
};

function textOf(node: ElementContent | Element): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

const components: Components = {
  a: ({ href, children }) => {
    const url = safeUrl(href);
    if (!url) return <span className="text-stone-800">{children}</span>;
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-600"
      >
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  },
  img: ({ src, alt }) => {
    const url = safeUrl(typeof src === "string" ? src : undefined);
    const label = alt?.trim() || "Image";
    if (!url) return <span className="text-stone-600">[{label}]</span>;
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2"
      >
        <ImageIcon className="h-3.5 w-3.5" aria-hidden />
        {label}
        <ExternalLink className="h-3 w-3" aria-hidden />
        <span className="sr-only"> (image, opens in a new tab)</span>
      </a>
    );
  },
  pre: ({ node }) => {
    const code = node?.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
    const cls: unknown = code?.properties?.className;
    const list: string[] = Array.isArray(cls) ? cls.map(String) : typeof cls === "string" ? cls.split(/\s+/u) : [];
    const language = list.find((c) => c.startsWith("language-"))?.slice("language-".length) ?? null;
    return <CodeBlock code={code ? textOf(code) : node ? textOf(node) : ""} language={language} />;
  },
  code: ({ children }) => (
    <code className="rounded bg-stone-100 px-1 py-0.5 font-mono text-[0.9em] text-stone-800">{children}</code>
  ),
  p: ({ children }) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
  blockquote: ({ children }) => (
    <blockquote className="my-2 border-l-4 border-brand-200 pl-3 text-stone-600">{children}</blockquote>
  ),
  h1: ({ children }) => <p className="mb-2 mt-3 text-lg font-semibold first:mt-0">{children}</p>,
  h2: ({ children }) => <p className="mb-2 mt-3 text-base font-semibold first:mt-0">{children}</p>,
  h3: ({ children }) => <p className="mb-1 mt-3 font-semibold first:mt-0">{children}</p>,
  h4: ({ children }) => <p className="mb-1 mt-2 font-semibold first:mt-0">{children}</p>,
  h5: ({ children }) => <p className="mb-1 mt-2 font-semibold first:mt-0">{children}</p>,
  h6: ({ children }) => <p className="mb-1 mt-2 font-semibold first:mt-0">{children}</p>,
  hr: () => <hr className="my-3 border-stone-200" />,
};

function MarkdownImpl({ children, className }: { children: string; className?: string }) {
  return (
    <div data-markdown="" className={clsx("break-words text-[15px] leading-relaxed", className)}>
      <ReactMarkdown
        skipHtml
        rehypePlugins={[[rehypeSanitize, schema]]}
        urlTransform={(url) => safeUrl(url)}
        components={components}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}

/** Renders markdown safely; re-renders only when the text changes. */
export const Markdown = memo(MarkdownImpl);
