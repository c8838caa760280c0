// The page's strings are marked so that `python tools/i18n.py` extracts them: Babel's JavaScript
// extractor reads `t("…")` and `tn("…", "…", n)` with literal strings only, and silently skips a
// call written inside a template literal's `${…}` or inside the arguments of another `t`/`tn`
// (its words would stay English in every language). Parsed with acorn (eslint's parser's).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "acorn";

const STATIC = new URL("../../src/langbord/web/static/", import.meta.url).pathname;

/** The page's modules with marked strings: all but the catalog's own and the generated types.
 * @param {string} dir @returns {string[]} */
function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "contracts" ? [] : modules(path);
    return entry.name.endsWith(".js") && entry.name !== "i18n.js" ? [path] : [];
  });
}

/** @param {any} node */
const isMark = (node) => node?.type === "CallExpression" && node.callee.type === "Identifier" && (node.callee.name === "t" || node.callee.name === "tn");
/** @param {any} node */
const isLiteral = (node) => node?.type === "Literal" && typeof node.value === "string";

/** Each `t`/`tn` call of `source` the extractor would miss or misread, as "line: why".
 * @param {string} source @returns {string[]} */
function badMarks(source) {
  /** @type {string[]} */
  const bad = [];
  /** @param {any} node @param {string | null} inside why a mark here is missed, if it is */
  const walk = (node, inside) => {
    if (!node || typeof node.type !== "string") return;
    if (isMark(node)) {
      const line = node.loc.start.line;
      if (inside) bad.push(`${line}: ${inside}`);
      if (!isLiteral(node.arguments[0])) bad.push(`${line}: its message is not a literal string`);
      if (node.callee.name === "tn" && !isLiteral(node.arguments[1])) bad.push(`${line}: its plural is not a literal string`);
    }
    const within = inside ?? (isMark(node) ? "inside another mark's arguments" : node.type === "TemplateLiteral" ? "inside a template literal" : null);
    for (const [key, child] of Object.entries(node)) {
      if (key === "loc") continue;
      for (const sub of Array.isArray(child) ? child : [child]) walk(sub, within);
    }
  };
  walk(parse(source, { ecmaVersion: "latest", sourceType: "module", locations: true }), null);
  return bad;
}

test("a call inside a template literal or another mark is found", () => {
  assert.deepEqual(badMarks("const a = `${t(\"x\")}`;\nt(\"{a}\", { a: t(\"y\") });\nt(name);"),
    ["1: inside a template literal", "2: inside another mark's arguments", "3: its message is not a literal string"]);
  assert.deepEqual(badMarks("const a = [t(\"x\"), tn(\"{n} y\", \"{n} ys\", 2)].join(\" \");"), []);
});

test("every marked string of the page is one the extractor reads", () => {
  const bad = modules(STATIC).flatMap((path) => badMarks(readFileSync(path, "utf8")).map((why) => `${relative(STATIC, path)}:${why}`));
  assert.deepEqual(bad, []);
});
