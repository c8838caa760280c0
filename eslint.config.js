// Lint of langbord's browser table and its unit tests (`npm run lint`).
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/langbord/web/static/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: { "no-unused-vars": ["error", { argsIgnorePattern: "^_" }], "no-shadow-restricted-names": "error", "no-restricted-globals": ["error", "prompt", "confirm", "alert", "name", "status", "event"] },
  },
  {
    files: ["tests/js/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
];
