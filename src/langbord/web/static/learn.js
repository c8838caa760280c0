// "Learn to play": a tutorial's step on the real board (`#/learn/TID/K`) with its lesson beside
// it (step k of n, what to look at, the rule it comes from, a hint). A move clicked on the board
// or in the list is tried: a refusal teaches and changes nothing; the right move shows its
// effect and leads on. The lobby lists the tutorials (`learnSection`). The lesson's logic is
// lesson.js's.
import { tutorialList, tutorialStep, tryTutorial, titles } from "./api.js";
import { h, messageOf } from "./dom.js";
import { drawBoard } from "./board.js";
import { drawActions } from "./tableparts.js";
import { gameTitle, capitalise } from "./names.js";
import { openRules } from "./rules.js";
import { stepsDone, markDone, progressOf, learnRoute, stepLabel, outcomeOf } from "./lesson.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").LegalAction} LegalAction */
/** @typedef {import("./types.js").TutorialStep} TutorialStep */
/** @typedef {import("./types.js").TutorialInfo} TutorialInfo */
/** @typedef {import("./types.js").Attempt} Attempt */

/** The lobby's "Learn to play" section: every tutorial with its summary and this device's
 * progress (null when the server offers none).
 * @returns {Promise<HTMLElement | null>} */
export async function learnSection() {
  /** @type {TutorialInfo[]} */
  let list;
  try {
    list = await tutorialList();
  } catch (error) {
    console.warn("no tutorials", error);
    return null;
  }
  if (!list.length) return null;
  const names = await titles().catch(() => /** @type {Map<string, string>} */ (new Map()));
  /** @type {Map<string, TutorialInfo[]>} */
  const byGame = new Map();
  for (const info of list) byGame.set(info.game, [...(byGame.get(info.game) ?? []), info]);
  return h("section", { class: "panel learn-list", id: "learn" },
    h("h2", {}, t("Learn to play")),
    h("p", { class: "muted" }, t("New to a game? Each lesson sets up a real position and asks for one move at a time.")),
    h("ul", { class: "lesson-games" }, [...byGame].map(([game, listed]) => {
      const title = gameTitle(names, game);
      return h("li", { class: "lesson-game", "data-game": game }, h("h3", {}, title),
        h("ul", { class: "lessons" }, listed.map((info) => tutorialItem(info, title))));
    })));
}

/** A tutorial in the lobby's list: its title (without the game's, which heads the list), its
 * summary, this device's progress and the button to start or go on.
 * @param {TutorialInfo} info
 * @param {string} game the game's title */
function tutorialItem(info, game) {
  const progress = progressOf(stepsDone(info.id), info.steps);
  const title = info.title.startsWith(`${game}: `) ? info.title.slice(game.length + 2) : info.title;
  return h("li", { "data-tutorial": info.id, class: progress.finished ? "finished" : "" },
    h("span", { class: "what" },
      h("strong", {}, capitalise(title)),
      h("span", { class: "summary" }, info.summary),
      h("span", { class: "progress" }, progress.label)),
    h("a", { class: progress.done ? "button secondary" : "button", href: learnRoute(info.id, progress.resume), "data-start": info.id, "aria-label": t("{action}: {tutorial}", { action: progress.action, tutorial: info.title }) }, progress.action));
}

/** The boxes of a lesson's page. */
function lessonBoxes() {
  return {
    board: h("div", { class: "board", id: "board" }),
    actions: h("div", { class: "actions", id: "actions" }),
    step: h("p", { class: "lesson-step", id: "lesson-step" }),
    title: h("h2", { id: "lesson-title" }),
    text: h("p", { class: "lesson-text", id: "lesson-text" }),
    extra: h("div", { class: "lesson-extra" }),
    message: h("p", { class: "lesson-message", id: "lesson-message", role: "alert", hidden: true }),
    next: h("div", { class: "lesson-next" }),
  };
}

/** @typedef {ReturnType<typeof lessonBoxes>} LessonBoxes */

/** Builds step `k` of tutorial `tid` into `root`; returns what to do on leaving it.
 * @param {HTMLElement} root
 * @param {string} tid
 * @param {number} k */
export async function learnPage(root, tid, k) {
  const step = await tutorialStep(tid, k);
  const title = gameTitle(await titles().catch(() => new Map()), step.game);
  const b = lessonBoxes();
  const lesson = new LessonPage(tid, k, step, b, title);
  root.append(h("div", { class: "learn-page" },
    h("h1", { class: "table-title" }, step.tutorial.title.includes(title) ? step.tutorial.title : t("{game}: {tutorial}", { game: title, tutorial: step.tutorial.title })),
    h("section", { class: "board-area" }, b.board),
    h("aside", { class: "learn-side" },
      h("section", { class: "panel lesson", id: "lesson", "aria-label": t("the lesson") },
        h("div", { class: "lesson-head" }, b.step, foldButton()),
        h("div", { class: "lesson-body" }, b.title, b.text, b.extra), b.message, b.next),
      h("section", { class: "panel", id: "your-actions" }, h("h3", {}, t("Your moves")), b.actions),
      h("p", { class: "lesson-links" },
        k > 0 ? h("a", { href: learnRoute(tid, k - 1), class: "button secondary", id: "lesson-back" }, t("Previous step")) : null,
        h("a", { href: "#/", class: "button secondary" }, t("All lessons"))))));
  await lesson.draw();
  window.addEventListener("resize", lesson.resized);
  return () => {
    window.removeEventListener("resize", lesson.resized);
    document.documentElement.style.scrollPaddingBottom = "";
  };
}

/** A step of a tutorial while it is shown: the position, and once the right move is made, the
 * position after it. */
class LessonPage {
  /** @param {string} tid @param {number} k @param {TutorialStep} step
   * @param {LessonBoxes} boxes @param {string} title the game's title */
  constructor(tid, k, step, boxes, title) {
    this.tid = tid;
    this.k = k;
    this.step = step;
    this.boxes = boxes;
    this.title = title;
    /** The table on the board: the step's position, or the one after the right move. */
    this.shown = tableOf(step);
    this.solved = false;
    this.busy = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.resizing = undefined;
    this.act = this.act.bind(this);
    this.resized = this.resized.bind(this);
  }

  /** The lesson, the board and the moves. */
  async draw() {
    this.drawLesson();
    await this.refresh();
  }

  /** The board and the moves (the lesson's words stay as the learner left them: a hint open). */
  async refresh() {
    this.clearOfSheet();
    await this.drawBoard();
    drawActions(this.boxes.actions, this.shown, this.act, (a) => !!this.boxes.board.querySelector(`[data-action="${a.id}"]`));
    if (this.solved) this.boxes.actions.replaceChildren(h("span", { class: "muted" }, t("Done here: go on with the button in the lesson.")));
  }

  /** The page's scrolling keeps clear of the lesson's sheet at the foot of a phone's screen (a
   * place scrolled to, or focused, comes to rest above it); nothing on a desk. */
  clearOfSheet() {
    const lesson = this.boxes.step.closest(".lesson");
    if (!(lesson instanceof HTMLElement)) return;
    const sheet = getComputedStyle(lesson).position === "sticky";
    document.documentElement.style.scrollPaddingBottom = sheet ? `${lesson.offsetHeight + 8}px` : "";
  }

  /** The lesson's words: the step, its title and text, its rule and hint. */
  drawLesson() {
    const { tutorial } = this.step;
    const b = this.boxes;
    b.step.replaceChildren(stepLabel(tutorial.step, tutorial.steps), stepDots(tutorial.step, tutorial.steps));
    b.title.textContent = tutorial.step_title;
    b.text.textContent = tutorial.text;
    const open = h("button", { type: "button", class: "secondary lesson-rule", id: "lesson-rule", "aria-haspopup": "dialog",
      onclick: (/** @type {Event} */ e) => void openRules(this.step.game, this.title, { ruling: tutorial.rule, back: /** @type {HTMLElement} */ (e.currentTarget) }) },
    t("See it in the rules"));
    const rule = tutorial.rule
      ? h("details", { class: "lesson-hint", id: "lesson-rule-box" }, h("summary", {}, t("How langbord plays it")),
        tutorial.rule_text ? h("p", {}, tutorial.rule_text) : null, open)
      : null;
    const hint = tutorial.hint
      ? h("details", { class: "lesson-hint", id: "lesson-hint" }, h("summary", {}, t("Hint")), h("p", {}, tutorial.hint))
      : null;
    b.extra.replaceChildren(...[rule, hint].filter((n) => n !== null));
  }

  /** The board: the step's position with the places that matter highlighted (a place that
   * cannot be chosen answers why not), or the position after the right move. */
  async drawBoard() {
    const { tutorial } = this.step;
    const options = this.solved ? {} : {
      highlight: tutorial.highlight,
      why: (/** @type {string} */ kind, /** @type {Record<string, unknown>} */ args) => this.why(kind, args),
    };
    await drawBoard(this.boxes.board, this.shown, this.solved ? () => {} : this.act, options);
    if (!this.solved) showHighlighted(this.boxes.board, !!document.documentElement.style.scrollPaddingBottom);
  }

  /** Tries `action`: the lesson says what it means.
   * @param {LegalAction} action */
  async act(action) {
    if (this.busy || this.solved) return;
    this.busy = true;
    try {
      await this.answer(await tryTutorial(this.tid, this.k, { action: action.id }));
    } catch (error) {
      this.say("refused", messageOf(error));
    } finally {
      this.busy = false;
    }
  }

  /** Why the place `{kind, args}` cannot be chosen: the tutorial's teaching answer, told once,
   * beside the place asked about (the lesson's own line is for moves tried).
   * @param {string} kind
   * @param {Record<string, unknown>} args
   * @returns {Promise<import("./types.js").WhyAnswer>} */
  async why(kind, args) {
    const attempt = await tryTutorial(this.tid, this.k, { kind, args });
    if (attempt.ok) await this.answer(attempt);
    // The lesson's rule is told in its own box, in words: the popover does not repeat it.
    return { legal: attempt.ok, action: null, words: null, reason: attempt.ok ? "" : attempt.message, rulings: [], rule: "" };
  }

  /** The answer to a move tried: a refusal changes nothing; the right move is played.
   * @param {Attempt} attempt */
  async answer(attempt) {
    const outcome = outcomeOf(attempt, this.step.tutorial, this.step.game);
    this.say(outcome.tone, outcome.message);
    if (outcome.tone !== "right" || !outcome.next) return;
    this.solved = true;
    markDone(this.tid, this.k);
    const link = h("a", { class: "button", id: outcome.next.href.startsWith("#/learn/") ? "lesson-next-step" : "lesson-play", href: outcome.next.href }, outcome.next.label);
    this.boxes.next.replaceChildren(link);
    if (attempt.next) this.shown = { ...tableOf({ ...this.step, ...attempt.next }), legal: [] };
    else this.shown = { ...this.shown, legal: [] };
    await this.refresh();
    link.focus({ preventScroll: true });
    this.boxes.next.scrollIntoView({ block: "nearest" }); // within a phone's sheet: the way on shows
  }

  /** @param {"refused" | "right"} tone @param {string} message */
  say(tone, message) {
    const box = this.boxes.message;
    box.hidden = false;
    box.className = `lesson-message ${tone}`;
    const said = message.charAt(0).toUpperCase() + message.slice(1);
    const lead = tone === "right" ? t("Right!") + " " : saysNotThatOne(message) ? "" : t("Not that one.") + " ";
    box.replaceChildren(lead ? h("strong", {}, lead) : "", said);
    box.scrollIntoView({ block: "nearest" });
  }

  /** The board drawn again for the window's new size, once it stops changing. */
  resized() {
    clearTimeout(this.resizing);
    this.resizing = setTimeout(() => void this.refresh(), 150);
  }
}

/** Whether a refusal already begins "Not that one" (in English or the language spoken).
 * @param {string} message */
function saysNotThatOne(message) {
  const lead = t("Not that one.").replace(/[\s.:!]+$/u, "").toLowerCase();
  return /^not that one/i.test(message) || (lead !== "" && message.toLowerCase().startsWith(lead));
}

/** On a phone, the button that folds the lesson to its first line (and unfolds it). */
function foldButton() {
  const button = h("button", { type: "button", class: "secondary lesson-toggle", id: "lesson-toggle", "aria-expanded": "true" }, t("Hide"));
  button.addEventListener("click", () => {
    const folded = !!button.closest(".lesson")?.classList.toggle("folded");
    button.textContent = folded ? t("Show") : t("Hide");
    button.setAttribute("aria-expanded", String(!folded));
  });
  return button;
}

/** A step's JSON as a table the boards draw: a copy (the server sends every member of one).
 * @param {TutorialStep | Table} data
 * @returns {Table} */
function tableOf(data) {
  return { ...data };
}

/** The steps as dots: done, this one, to come.
 * @param {number} k
 * @param {number} steps */
function stepDots(k, steps) {
  return h("span", { class: "lesson-dots", "aria-hidden": "true" },
    [...Array(steps).keys()].map((i) => h("span", { class: i < k ? "dot done" : i === k ? "dot now" : "dot" })));
}

/** The first highlighted place is brought into view, sideways within a board wider than its
 * box; on a phone to the middle of the screen above the lesson's sheet (what goes with it, a
 * ship for the card picked, is often just below), on a desk only if it is out of view.
 * @param {HTMLElement} box
 * @param {boolean} sheet whether the lesson is a sheet at the screen's foot */
function showHighlighted(box, sheet) {
  const place = box.querySelector(".highlight");
  if (place) place.scrollIntoView({ block: sheet ? "center" : "nearest", inline: "center" });
}
