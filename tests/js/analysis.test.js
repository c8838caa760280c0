// Unit tests of the analysis graph's layout and the decisions in words (analysis.js).
import test from "node:test";
import assert from "node:assert/strict";
import {
  graphLayout, moveTicks, markedBySeat, decisionLine, decisionAt, betterHighlight, lossText,
  percent, progressText, markCounts,
} from "../../src/langbord/web/static/analysis.js";

/** A decision of `seat` at `move` with its seats' chances, its loss and mark.
 * @param {number} move @param {number} seat @param {number[]} chances @param {number} loss
 * @param {"inaccuracy" | "mistake" | "blunder" | null} [mark]
 * @returns {import("../../src/langbord/web/static/types.js").Decision} */
const decision = (move, seat, chances, loss, mark = null) => ({
  move, seat, chances, loss, mark, played: `p${move}`, best: `b${move}`, played_words: `played ${move}`,
  best_words: `best ${move}`, played_chance: chances[seat] - loss, best_chance: chances[seat],
  simulations: 100, best_kind: "take", best_args: { slot: move }, legal: 2,
});

/** @type {import("../../src/langbord/web/static/types.js").Analysis} */
const analysis = {
  game: "knarr", options: {}, agent: "mcts", seconds: 0.1, seats: ["red", "blue"],
  thresholds: { inaccuracy: 0.05, mistake: 0.1, blunder: 0.2 },
  decisions: [
    decision(4, 1, [0.5, 0.5], 0.02),
    decision(0, 0, [0.5, 0.5], 0.0),
    decision(10, 0, [0.6, 0.4], 0.14, "mistake"),
    decision(16, 1, [0.3, 0.7], 0.25, "blunder"),
  ],
  summary: {},
};

test("x runs over the moves, y from 100% at the top to 0% at the bottom", () => {
  const layout = graphLayout(analysis, { width: 240, height: 146, seats: 2, steps: 20 });
  const { left, right, top, bottom } = layout.plot;
  assert.deepEqual([left, top, right, bottom], [40, 20, 228, 120]);
  const red = layout.lines[0];
  assert.deepEqual(red.points.map((p) => p.move), [0, 4, 10, 16]); // in the order played
  assert.equal(red.points[0].x, left);
  assert.equal(red.points[0].y, 70); // 50%: half way
  assert.equal(red.points[3].y, round(bottom - 0.3 * 100));
  assert.equal(red.points[2].x, round(left + (10 / 20) * 188));
  assert.ok(red.d.startsWith("M40,70 L"));
  assert.deepEqual(layout.yTicks.map((t) => [t.label, t.y]), [["0%", 120], ["25%", 95], ["50%", 70], ["75%", 45], ["100%", 20]]);
});

/** @param {number} v */
const round = (v) => Math.round(v * 10) / 10;

test("a line per seat, ending at the result when the winners are known", () => {
  const layout = graphLayout(analysis, { width: 240, height: 146, seats: 2, steps: 20, winners: [1] });
  assert.equal(layout.lines.length, 2);
  const [red, blue] = layout.lines;
  assert.deepEqual(red.points.at(-1), { move: 20, x: 228, y: 120, chance: 0 });
  assert.deepEqual(blue.points.at(-1), { move: 20, x: 228, y: 20, chance: 1 });
});

test("the marks sit on the mover's line with their signs", () => {
  const layout = graphLayout(analysis, { width: 240, height: 138, seats: 2, steps: 20 });
  assert.deepEqual(layout.marks.map((m) => [m.move, m.seat, m.sign, m.mark]), [[10, 0, "?", "mistake"], [16, 1, "??", "blunder"]]);
  const blue = layout.lines[1].points.find((p) => p.move === 16);
  assert.equal(layout.marks[1].y, blue?.y); // the mover's chance, on the mover's line
  assert.equal(layout.points.length, 4); // every decision can be clicked
});

test("a cooperative game draws one line for the team", () => {
  const team = { ...analysis, decisions: [decision(0, 0, [0.4, 0.4], 0), decision(3, 1, [0.2, 0.2], 0.3, "blunder")] };
  const layout = graphLayout(team, { width: 200, height: 100, seats: 2, steps: 5, team: true });
  assert.equal(layout.lines.length, 1);
  assert.equal(layout.marks[0].seat, 1);
  assert.equal(layout.marks[0].y, layout.lines[0].points[1].y);
});

test("chances out of range are held to 0–100%; an empty analysis draws empty lines", () => {
  const odd = { ...analysis, decisions: [decision(0, 0, [1.7, Number.NaN], 0)] };
  const layout = graphLayout(odd, { width: 240, height: 146, seats: 2, steps: 0 });
  assert.equal(layout.lines[0].points[0].y, 20);
  assert.equal(layout.lines[1].points[0].y, 120);
  const none = graphLayout({ ...analysis, decisions: [] }, { width: 240, height: 138, seats: 3, steps: 9 });
  assert.deepEqual(none.lines.map((l) => l.d), ["", "", ""]);
  assert.deepEqual(none.marks, []);
});

test("the move axis names round numbers and the end", () => {
  assert.deepEqual(moveTicks(5), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(moveTicks(20), [0, 5, 10, 15, 20]);
  assert.deepEqual(moveTicks(143), [0, 20, 40, 60, 80, 100, 120, 143]);
  assert.ok(moveTicks(1234).length <= 9);
});

test("each seat's marked decisions, and a decision in words", () => {
  const lists = markedBySeat(analysis, 3);
  assert.deepEqual(lists.map((l) => l.map((d) => d.move)), [[10], [16], []]);
  assert.equal(decisionLine(lists[0][0], "Red"), "move 10, Red: played played 10, better best 10, \u221214%");
  assert.equal(markCounts(lists[1]), "1 ??");
  assert.equal(markCounts([...lists[0], ...lists[1], ...lists[0]]), "1 ?? \u00b7 2 ?");
  assert.equal(markCounts([]), "no marks");
});

test("the better move at a marked decision is the board's highlight", () => {
  assert.deepEqual(betterHighlight(decisionAt(analysis, 10)), [{ kind: "take", args: { slot: 10 }, label: "best 10" }]);
  assert.deepEqual(betterHighlight(decisionAt(analysis, 4)), []); // not marked
  assert.deepEqual(betterHighlight(decisionAt(analysis, 5)), []); // no decision there
  assert.equal(decisionAt(null, 4), null);
});

test("chances and losses as percentages; the progress in words", () => {
  assert.equal(percent(0.423), "42%");
  assert.equal(lossText(0.138), "\u221214%");
  assert.equal(lossText(-0.01), "\u00b10%");
  assert.equal(progressText({ status: "running", done: 3, total: 40 }), "3 of 40 decisions");
  assert.equal(progressText({ status: "queued", done: 0, total: 40 }), "Waiting for a free bot…");
  assert.equal(progressText({ status: "done", done: 40, total: 40 }), "Done: 40 decisions");
});
