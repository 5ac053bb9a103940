import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** What no browser code imports (see below). */
const BROWSER_PATHS = [
  { name: "zod", message: "zod stays on the server: browser code checks nothing with it." },
  {
    name: "@/domain/crisis",
    allowTypeImports: true,
    message:
      "The crisis detection rules (all their phrase lists) stay on the server: take levels and the modal rule from @/domain/crisis/levels.",
  },
];
const BROWSER_PATTERNS = [
  {
    regex:
      "^@/domain/crisis/(?:index|types|detect|rules|context|lexicon-en|lexicon-intl|severity|scorer|scorer-weights|eval|chat-safety)$",
    allowTypeImports: true,
    message:
      "The crisis rules, their phrase lists and the learned scorer's weights stay on the server: take levels and the modal rule from @/domain/crisis/levels.",
  },
  {
    regex: "^@/domain/mood-weights$",
    message: "The offline analyzer's emotion model (2.5 MB of weights) stays on the server.",
  },
  {
    regex: "^@/contracts/(?!.*-constants$)",
    allowTypeImports: true,
    message:
      "Import types only (`import type`) from a contract; take values from a zod-free @/contracts/*-constants module.",
  },
];
const DOOR_PATTERNS = [
  {
    regex: "^@/client/api$",
    message:
      "Screens do not call the API themselves: use (or add) the resource module in src/client (entries, media, auth, config...). Error helpers are in @/client/errors.",
  },
  {
    regex: "^@/client/outbox(/|$)",
    message:
      "Screens do not reach into the outbox: entries come from @/client/entries, the device's state and actions from @/client/device.",
  },
];
/** Files still reaching past the door (none: every screen and component goes through src/client). */
const DOOR_EXCEPTIONS = [];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "src/generated/**",
    ".tools/**",
    "node_modules/**",
    "test-results/**",
    "playwright-report/**",
    "data/**",
    "uploads/**",
    "next-env.d.ts",
  ]),
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Code that runs in the browser must not bring zod (about 36 kB gzip) into a page: from a contract it
    // takes types only, and values from the zod-free *-constants modules. Nor the crisis rules' phrase lists.
    files: ["src/client/**", "src/components/**", "src/features/**", "src/domain/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: BROWSER_PATHS, patterns: BROWSER_PATTERNS }],
    },
  },
  {
    // src/client is the only door to data: screens and components take queries, mutations and the device's
    // state from its resource modules (entries, media, device, auth, config...), never the request helper
    // or the outbox's insides.
    files: ["src/components/**", "src/features/**"],
    ignores: DOOR_EXCEPTIONS,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: BROWSER_PATHS, patterns: [...BROWSER_PATTERNS, ...DOOR_PATTERNS] },
      ],
    },
  },
]);
