import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", ".next-*/**", "src/generated/**", ".tools/**", "node_modules/**", "test-results/**", "playwright-report/**", "data/**", "uploads/**", "next-env.d.ts"]),
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
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: "zod stays on the server: browser code checks nothing with it." },
            {
              name: "@/domain/crisis",
              allowTypeImports: true,
              message: "The crisis detection rules (all their phrase lists) stay on the server: take levels and the modal rule from @/domain/crisis/levels.",
            },
          ],
          patterns: [
            {
              regex: "^@/domain/crisis/(?:index|types|detect|rules|context|lexicon-en|lexicon-intl|severity|scorer|scorer-weights|eval|chat-safety)$",
              allowTypeImports: true,
              message: "The crisis rules, their phrase lists and the learned scorer's weights stay on the server: take levels and the modal rule from @/domain/crisis/levels.",
            },
            {
              regex: "^@/contracts/(?!.*-constants$)",
              allowTypeImports: true,
              message: "Import types only (`import type`) from a contract; take values from a zod-free @/contracts/*-constants module.",
            },
          ],
        },
      ],
    },
  },
]);
