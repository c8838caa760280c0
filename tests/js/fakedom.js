// A small stand-in for the browser's DOM, enough for svg.js's places and popover: elements
// with attributes, classes, children and listeners; events that go through capture on the
// document, the target and its ancestors (bubbling), and stop when told. Installed as the
// globals `document` and `window`.

/** @typedef {{type: string, key?: string, target: FakeElement | null, stopped: boolean, preventDefault: () => void, stopPropagation: () => void}} FakeEvent */

class FakeClassList {
  /** @param {FakeElement} owner */
  constructor(owner) { this.owner = owner; /** @type {Set<string>} */ this.set = new Set(); }
  /** @param {...string} names */
  add(...names) { names.forEach((n) => this.set.add(n)); }
  /** @param {...string} names */
  remove(...names) { names.forEach((n) => this.set.delete(n)); }
  /** @param {string} name */
  contains(name) { return this.set.has(name); }
}

export class FakeElement {
  /** @param {string} tag */
  constructor(tag) {
    this.tagName = tag;
    /** @type {Map<string, string>} */
    this.attributes = new Map();
    this.classList = new FakeClassList(this);
    /** @type {FakeElement[]} */
    this.children = [];
    /** @type {FakeElement | null} */
    this.parentNode = null;
    /** @type {Map<string, {fn: (e: FakeEvent) => void, capture: boolean}[]>} */
    this.listeners = new Map();
    this.textContent = "";
    this.hidden = false;
    /** @type {Record<string, string>} */
    this.style = {};
    this.offsetWidth = 240;
    this.offsetHeight = 50;
    this.focused = false;
    /** @type {{left: number, top: number, width: number, height: number}} */
    this.rect = { left: 100, top: 300, width: 80, height: 40 };
  }
  get className() { return [...this.classList.set].join(" "); }
  set className(value) { this.classList.set = new Set(value.split(" ").filter(Boolean)); }
  /** @param {string} k @param {string} v */
  setAttribute(k, v) { this.attributes.set(k, String(v)); }
  /** @param {string} k */
  getAttribute(k) { return this.attributes.get(k) ?? null; }
  /** @param {string} k */
  removeAttribute(k) { this.attributes.delete(k); }
  /** @param {FakeElement} child */
  appendChild(child) { child.parentNode = this; this.children.push(child); return child; }
  /** @param {...FakeElement} kids */
  append(...kids) { kids.forEach((k) => this.appendChild(k)); }
  remove() {
    if (this.parentNode) this.parentNode.children = this.parentNode.children.filter((c) => c !== this);
    this.parentNode = null;
  }
  /** @param {FakeElement | null} other */
  contains(other) {
    for (let n = other; n; n = n.parentNode) if (n === this) return true;
    return false;
  }
  get isConnected() {
    let n = /** @type {FakeElement | null} */ (this);
    while (n?.parentNode) n = n.parentNode;
    return n === fakeDocument.body;
  }
  /** @param {string} type @param {(e: FakeEvent) => void} fn @param {boolean} [capture] */
  addEventListener(type, fn, capture = false) {
    this.listeners.set(type, [...(this.listeners.get(type) || []), { fn, capture }]);
  }
  /** @param {string} type @param {(e: FakeEvent) => void} fn */
  removeEventListener(type, fn) {
    this.listeners.set(type, (this.listeners.get(type) || []).filter((l) => l.fn !== fn));
  }
  getBoundingClientRect() {
    const { left, top, width, height } = this.rect;
    return { left, top, width, height, right: left + width, bottom: top + height, x: left, y: top };
  }
  focus() { this.focused = true; }
  /** Nothing is found (the popover asks only for the page's turn bar). @returns {null} */
  querySelector() { return null; }
  /** All text below this element. @returns {string} */
  get allText() { return [this.textContent, ...this.children.map((c) => c.allText)].join(" ").trim(); }
}

/** Runs `type` on `target`: the document's capture listeners, then the target and its
 * ancestors, then the document's bubbling ones, unless an event is stopped.
 * @param {FakeElement | null} target @param {string} type @param {{key?: string}} [extra] */
export function fire(target, type, extra = {}) {
  /** @type {FakeEvent} */
  const event = {
    type, target, stopped: false, ...extra,
    preventDefault() {},
    stopPropagation() { event.stopped = true; },
  };
  /** @param {FakeElement | typeof fakeDocument} node @param {boolean} capture */
  const run = (node, capture) => {
    for (const l of [...(node.listeners.get(type) || [])]) if (l.capture === capture && !event.stopped) l.fn(event);
  };
  run(fakeDocument, true);
  for (let n = target; n && !event.stopped; n = n.parentNode) run(n, false);
  if (!event.stopped) run(fakeDocument, false);
  return event;
}

const fakeDocument = {
  body: new FakeElement("body"),
  /** @type {Map<string, {fn: (e: FakeEvent) => void, capture: boolean}[]>} */
  listeners: new Map(),
  /** @param {string} _ns @param {string} tag */
  createElementNS: (_ns, tag) => new FakeElement(tag),
  /** @param {string} tag */
  createElement: (tag) => new FakeElement(tag),
  /** A text node: an element of no tag that holds only its text. @param {string} text */
  createTextNode: (text) => Object.assign(new FakeElement("#text"), { textContent: text }),
  /** @param {string} type @param {(e: FakeEvent) => void} fn @param {boolean} [capture] */
  addEventListener(type, fn, capture = false) {
    this.listeners.set(type, [...(this.listeners.get(type) || []), { fn, capture }]);
  },
  /** @param {string} type @param {(e: FakeEvent) => void} fn */
  removeEventListener(type, fn) {
    this.listeners.set(type, (this.listeners.get(type) || []).filter((l) => l.fn !== fn));
  },
  /** Nothing is found: no turn bar on this page. @returns {null} */
  querySelector: () => null,
};

/** Installs the fake `document` and `window` (a phone's size unless told), returns the document.
 * @param {{width?: number, height?: number}} [size] */
export function installFakeDom({ width = 390, height = 844 } = {}) {
  Object.assign(globalThis, {
    document: fakeDocument,
    Node: FakeElement, // what dom.js's `h` appends as it is
    window: { innerWidth: width, innerHeight: height, scrollX: 0, scrollY: 0 },
  });
  return fakeDocument;
}
