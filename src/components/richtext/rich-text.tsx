import clsx from "clsx";
import { Fragment, type ReactNode } from "react";
import { parseRichText, type Inline } from "@/domain/richtext-parse";

function renderInline(nodes: Inline[], key = ""): ReactNode[] {
  return nodes.map((n, i) => {
    const k = `${key}${i}`;
    if (n.type === "text") return <Fragment key={k}>{n.text}</Fragment>;
    if (n.type === "bold")
      return (
        <strong key={k} className="font-semibold text-stone-900">
          {renderInline(n.children, `${k}-`)}
        </strong>
      );
    return <em key={k}>{renderInline(n.children, `${k}-`)}</em>;
  });
}

/**
 * Journal text with its markers shown as formatting: **bold**, *italic*, "• " and "1. " lists.
 * Built from React elements only, so whatever the text holds is shown as text, never run as HTML.
 */
export function RichText({ text, className, empty }: { text: string; className?: string; empty?: ReactNode }) {
  const blocks = parseRichText(text);
  if (blocks.length === 0) return <div className={className}>{empty}</div>;
  return (
    <div className={clsx("space-y-3 break-words leading-relaxed text-stone-800", className)}>
      {blocks.map((b, i) => {
        if (b.type === "paragraph") {
          return (
            <p key={i}>
              {b.lines.map((line, j) => (
                <Fragment key={j}>
                  {j > 0 && <br />}
                  {renderInline(line, `${i}-${j}-`)}
                </Fragment>
              ))}
            </p>
          );
        }
        if (b.type === "quote") {
          return (
            <blockquote key={i} className="border-l-4 border-brand-200 pl-4 font-medium italic text-stone-700">
              {b.lines.map((line, j) => (
                <Fragment key={j}>
                  {j > 0 && <br />}
                  {renderInline(line, `${i}-${j}-`)}
                </Fragment>
              ))}
            </blockquote>
          );
        }
        if (b.type === "bullets") {
          return (
            <ul key={i} className="list-disc space-y-1 pl-6 marker:text-brand-500">
              {b.items.map((item, j) => (
                <li key={j}>{renderInline(item, `${i}-${j}-`)}</li>
              ))}
            </ul>
          );
        }
        return (
          <ol key={i} start={b.start} className="list-decimal space-y-1 pl-6 marker:text-stone-500">
            {b.items.map((item, j) => (
              <li key={j}>{renderInline(item, `${i}-${j}-`)}</li>
            ))}
          </ol>
        );
      })}
    </div>
  );
}
