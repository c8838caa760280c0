// Where on Skoventyr's board each legal action is clicked, and which place the last move
// concerns: read from actions' kind and arguments only, never their text. Pure: no DOM.

/** @typedef {{id: number, text: string, kind: string, args?: Record<string, any>}} Action */

const ON_TREE = new Set(["damage", "heal", "reveal", "on", "vogter to", "recover after"]);
const ON_SLOT = new Set(["call", "bottom", "take", "discard"]);

/** The key of the place where `action` is clicked: `tree:C`, `future:f2`, `risky:f2`,
 * `minion:Mare 1`, `lygte:Trold`, `rally?:Nisse`, `involve:1`, `hostage:Huldre`,
 * `position:Trold`, `mission:Trold`, `hand:Trold` (a discard to the hand limit),
 * `recycle:Huldre`, `top:Nisse`, `bottom:Gamle Erik`, `reward:refuge`, `vogter:Gambit`,
 * `back:2` (Gamle Erik back 2 Trees: the Tree he would reach), or `button:done`. */
export function placeOf(action) {
  const a = action.args || {};
  const kind = action.kind;
  if (ON_TREE.has(kind) && a.tree !== undefined) return `tree:${a.tree}`;
  if (ON_SLOT.has(kind) && a.slot !== undefined) return `future:${a.slot}`;
  switch (kind) {
    case "call risky": return `risky:${a.slot}`;
    case "erik back": return `back:${a.steps}`;
    case "gambit": return "vogter:Gambit";
    case "wrath": return `minion:${a.minion}`;
    case "rally": return `lygte:${a.ally}`;
    case "rally ?": return `rally?:${a.ally}`;
    case "involve": return `involve:${a.lygtemands}`;
    case "rescue": return `hostage:${a.ally}`;
    case "position": return `position:${a.ally}`;
    case "mission": return `mission:${a.ally}`;
    case "discard": return `hand:${a.ally}`;
    case "recycle": return `recycle:${a.ally}`;
    case "top": return `top:${a.ally}`;
    case "bottom": return `bottom:${a.card}`;
    case "refuge": case "revenge": case "restoration": return `reward:${kind}`;
    default: return `button:${kind}`;
  }
}

/** The Tree `steps` Trees counter-clockwise from Gamle Erik's, by name, or null. */
export function treeBack(view, steps) {
  const trees = view.forest;
  const at = trees.findIndex((t) => t.gamle_erik);
  if (at < 0) return null;
  return trees[(at - steps + trees.length * 4) % trees.length].tree;
}

/** The legal actions by place (`places.get(key)`), with `back:k` also placed on its Tree; the
 * actions drawn as buttons (no component, or their component already taken). */
export function plan(legal, view) {
  /** @type {Map<string, Action>} */
  const places = new Map();
  /** @type {Action[]} */
  const buttons = [];
  for (const action of legal) {
    let key = placeOf(action);
    if (key.startsWith("back:")) {
      const tree = treeBack(view, Number(action.args?.steps));
      if (tree) key = `tree:${tree}`;
    }
    if (key.startsWith("button:") || places.has(key)) buttons.push(action);
    else places.set(key, action);
  }
  return { places, buttons };
}

/** A button's words for an action drawn as a button. */
export function buttonLabel(action) {
  const a = action.args || {};
  switch (action.kind) {
    case "done": return "Done";
    case "call risky": return "Risky call";
    case "involve": return `Involve ${a.lygtemands}`;
    case "rally ?": return `? with ${a.ally}`;
    case "refuge": return "Refuge";
    case "revenge": return "Revenge";
    case "restoration": return "Restoration";
    case "top": return "Top";
    case "bottom": return "Bottom";
    case "position": return "Position";
    case "mission": return "Mission";
    default: return action.text;
  }
}

/** The tag of the place the last move concerns, by its kind and arguments, or null. */
export function lastPlace(last) {
  if (!last || !last.kind) return null;
  const args = last.args || {};
  if (args.tree !== undefined) return `tree:${args.tree}`; // damage, heal, reveal, on, vogter to, recover after
  if (args.slot !== undefined) return `future:${args.slot}`; // call (risky), bottom, take, discard
  switch (last.kind) {
    case "erik back": return "erik";
    case "wrath": return `minion:${args.minion}`;
    case "rescue": return `hostage:${args.ally}`;
    case "gambit": return "vogter:Gambit";
    case "refuge": case "revenge": case "restoration": return "vogter:Wrath";
    case "rally": case "rally ?": case "involve": return "rallied";
    case "draw": case "top": case "bottom": return "deck";
    case "recycle": return "discard";
    case "position": case "mission": case "discard":
      return last.player !== null && last.player !== undefined ? `hand:${last.player}` : null;
    default: return null;
  }
}
