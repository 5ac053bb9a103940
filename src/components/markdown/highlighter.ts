"use client";
import type { HighlighterCore, LanguageRegistration, ThemedToken } from "shiki/core";

/**
 * Syntax highlighting with shiki, loaded only when a code block appears. It runs shiki's JavaScript
 * regex engine (no WebAssembly, so the Content-Security-Policy needs no 'wasm-unsafe-eval') and gives
 * tokens, which React renders as text: no HTML string ever reaches the page.
 */

type LangModule = { default: LanguageRegistration[] };

const LANGUAGES: Record<string, () => Promise<LangModule>> = {
  javascript: () => import("shiki/langs/javascript.mjs"),
  typescript: () => import("shiki/langs/typescript.mjs"),
  jsx: () => import("shiki/langs/jsx.mjs"),
  tsx: () => import("shiki/langs/tsx.mjs"),
  json: () => import("shiki/langs/json.mjs"),
  python: () => import("shiki/langs/python.mjs"),
  bash: () => import("shiki/langs/bash.mjs"),
  html: () => import("shiki/langs/html.mjs"),
  css: () => import("shiki/langs/css.mjs"),
  sql: () => import("shiki/langs/sql.mjs"),
  markdown: () => import("shiki/langs/markdown.mjs"),
  yaml: () => import("shiki/langs/yaml.mjs"),
  go: () => import("shiki/langs/go.mjs"),
  rust: () => import("shiki/langs/rust.mjs"),
  java: () => import("shiki/langs/java.mjs"),
  c: () => import("shiki/langs/c.mjs"),
  cpp: () => import("shiki/langs/cpp.mjs"),
  csharp: () => import("shiki/langs/csharp.mjs"),
  ruby: () => import("shiki/langs/ruby.mjs"),
  php: () => import("shiki/langs/php.mjs"),
  swift: () => import("shiki/langs/swift.mjs"),
  kotlin: () => import("shiki/langs/kotlin.mjs"),
  diff: () => import("shiki/langs/diff.mjs"),
  xml: () => import("shiki/langs/xml.mjs"),
  toml: () => import("shiki/langs/toml.mjs"),
};

const ALIASES: Record<string, string> = {
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "typescript",
  mts: "typescript",
  py: "python",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  console: "bash",
  htm: "html",
  md: "markdown",
  yml: "yaml",
  golang: "go",
  rs: "rust",
  "c++": "cpp",
  cs: "csharp",
  "c#": "csharp",
  rb: "ruby",
  kt: "kotlin",
  patch: "diff",
  svg: "xml",
};

/** GitHub's high-contrast light theme: every token colour meets WCAG AA on white. */
export const CODE_THEME = "github-light-high-contrast";

/** The highlighter's name for a fence's language, or null when it is not one we highlight. */
export function resolveLanguage(lang: string | null | undefined): string | null {
  if (!lang) return null;
  const l = lang.trim().toLowerCase();
  const name = ALIASES[l] ?? l;
  return Object.hasOwn(LANGUAGES, name) ? name : null;
}

let core: Promise<HighlighterCore> | null = null;
const loaded = new Map<string, Promise<void>>();

function highlighter(): Promise<HighlighterCore> {
  core ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }, theme] = await Promise.all([
      import("shiki/core"),
      import("shiki/engine/javascript"),
      import("shiki/themes/github-light-high-contrast.mjs"),
    ]);
    return createHighlighterCore({
      themes: [theme.default],
      langs: [],
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
  })();
  core.catch(() => {
    core = null;
  });
  return core;
}

/** A highlighter that knows `lang`, loading both on first use. */
export async function loadHighlighter(lang: string): Promise<HighlighterCore> {
  const hl = await highlighter();
  let ready = loaded.get(lang);
  if (!ready) {
    ready = LANGUAGES[lang]().then((m) => hl.loadLanguage(...m.default));
    loaded.set(lang, ready);
    ready.catch(() => loaded.delete(lang));
  }
  await ready;
  return hl;
}

export type { ThemedToken };

/** Tokens of `code`, line by line; null when the highlighter cannot read it. */
export function tokenize(hl: HighlighterCore, code: string, lang: string): ThemedToken[][] | null {
  try {
    return hl.codeToTokens(code, { lang, theme: CODE_THEME }).tokens;
  } catch {
    return null;
  }
}
