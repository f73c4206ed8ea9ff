import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { readdirSync } from "node:fs";

/**
 * Feature boundaries (web/src/features/<name>): a feature never imports another feature; what several
 * features need lives in web/src/shared, and pages compose features. Shared code imports no feature.
 */
const FEATURES = readdirSync(new URL("./web/src/features", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureImports = (except) =>
  FEATURES.filter((f) => f !== except).flatMap((f) => [
    `@/features/${f}`,
    `@/features/${f}/**`,
    `**/features/${f}/**`,
    `../${f}/**`,
    `../../${f}/**`,
  ]);
const boundaries = [
  ...FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: featureImports(feature),
              message: `Features do not import each other (${feature} → another feature): move what both need to web/src/shared, or compose them in a page.`,
            },
            { group: ["@/pages", "@/pages/**", "**/pages/**"], message: "Features never import pages: pages compose features." },
          ],
        },
      ],
    },
  })),
  {
    files: ["web/src/shared/**/*.{ts,tsx}", "web/src/components/**/*.{ts,tsx}", "web/src/api/**/*.ts", "web/src/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/features/**", "**/features/**", "@/pages/**"], message: "Shared code does not depend on features or pages." },
          ],
        },
      ],
    },
  },
  {
    files: ["domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "**/worker",
                "**/worker/**",
                "**/web",
                "**/web/**",
                "**/db",
                "**/db/**",
                "**/dev/**",
                "@/**",
                "drizzle-orm",
                "drizzle-orm/**",
                "hono",
                "hono/**",
                "react",
                "react-dom",
              ],
              message: "domain/ holds the rules both sides share: it imports nothing from worker, web, db or dev, nor their frameworks.",
            },
          ],
        },
      ],
    },
  },
];

/**
 * Worker areas (issue 21, decision 146): one area uses another only through its public module,
 * worker/<area>/index.ts: `../auth`, never `../auth/sessions`; the root files likewise `./auth`. A file
 * `depth` folders below worker/ reaches another area with exactly `depth` "../" and the area's name; a
 * further "/" means a file inside it. Tests and the worker/test/ helpers may reach inside (white-box).
 */
const areaImports = (depth, files) => ({
  files,
  ignores: ["**/*.test.ts", "worker/test/**"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: `^${depth === 0 ? "\\./" : `(\\.\\./){${depth}}`}(?!\\.\\.)[^/]+/`,
            message:
              "Worker areas import each other only through the area's public module (`../auth`, not `../auth/sessions`): export what you need from that area's index.ts (decision 146).",
          },
        ],
      },
    ],
  },
});
const areas = [
  areaImports(0, ["worker/*.ts"]),
  areaImports(1, ["worker/*/*.ts"]),
  areaImports(2, ["worker/*/*/*.ts"]),
  areaImports(3, ["worker/*/*/*/*.ts"]),
];

/**
 * One owner for each rule (issue 21): only worker/credits/ writes the credits table, and only
 * worker/headshots/lifecycle.ts (`moveHeadshots`) writes a headshot's status. Both drizzle calls and raw SQL.
 */
const writes = (table) => [
  {
    selector: `CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name='${table}']`,
    message: "",
  },
  { selector: `TemplateElement[value.raw=/(insert\\s+into|update|delete\\s+from)\\s+${table}\\b/i]`, message: "" },
];
const ownedWrites = [
  ...writes("credits").map((r) => ({
    ...r,
    message:
      "Only worker/credits/ writes the credits table: call openCredits, grantFreeGenerations, chargeGenerations or refundGenerations (worker/credits).",
  })),
  {
    selector:
      "CallExpression[callee.property.name='set'][callee.object.callee.property.name='update'][callee.object.arguments.0.name='headshots'] > ObjectExpression > Property[key.name='status']",
    message:
      "A headshot's status changes only through moveHeadshots (worker/headshots/lifecycle.ts), a move of domain/headshot-lifecycle.ts.",
  },
  {
    selector: "TemplateElement[value.raw=/update\\s+headshots[\\s\\S]*\\bstatus\\s*=/i]",
    message:
      "A headshot's status changes only through moveHeadshots (worker/headshots/lifecycle.ts), a move of domain/headshot-lifecycle.ts.",
  },
];
const owners = [
  {
    files: ["worker/**/*.ts", "dev/**/*.ts", "db/**/*.ts"],
    ignores: ["**/*.test.ts", "worker/test/**", "worker/credits/**", "worker/headshots/lifecycle.ts"],
    rules: { "no-restricted-syntax": ["error", ...ownedWrites] },
  },
  {
    files: ["worker/credits/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...ownedWrites.slice(2)] },
  },
];

export default tseslint.config(
  {
    ignores: [
      "web/dist",
      "web/dist-pseudo",
      "copy/generated",
      "copy/generated-pseudo",
      "node_modules",
      ".wrangler",
      ".data",
      "worker/worker-configuration.d.ts",
      "test-results",
      "playwright-report",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    files: ["web/**/*.tsx", "web/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  ...boundaries,
  ...areas,
  ...owners,
  {
    // The local Stripe's billing engine sits under its resource modules (decision 149): it imports the
    // foundation they all share and the engine's own modules, never a resource module or the router.
    files: ["dev/stripe-standin/engine/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./(?!(store|standin|objects|events|params|pages)$)",
              message:
                "The billing engine (dev/stripe-standin/engine/) imports only store, standin, objects, events, params and pages from the stand-in: resource modules call the engine, not the other way round (decision 149).",
            },
          ],
        },
      ],
    },
  },
  {
    // No function in the worker, the local stand-ins or db/ is longer than about a screenful (issue 21).
    files: ["worker/**/*.ts", "dev/**/*.ts", "db/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Import cycles fail (issue 21): resolved as TypeScript resolves them, the web's "@/" alias included.
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["tsconfig.web.json", "tsconfig.worker.json", "tsconfig.node.json"],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
);
