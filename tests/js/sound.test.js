// Unit tests of the sounds: the setting (off until turned on, remembered on the device, kept for
// the page without storage), its checkbox, and `play` (silent and harmless without Web Audio,
// with the setting off or the page hidden; short and quiet when it plays).
import test from "node:test";
import assert from "node:assert/strict";
import { installFakeDom, fire } from "./fakedom.js";
import { SOUNDS, play, setSoundsOn, soundToggle, soundsOn } from "../../src/langbord/web/static/sound.js";

/** A storage in memory. */
function memory() {
  /** @type {Map<string, string>} */
  const items = new Map();
  return {
    /** @param {string} key */
    getItem: (key) => items.get(key) ?? null,
    /** @param {string} key @param {string} value */
    setItem: (key, value) => { items.set(key, value); },
  };
}

// ---- a stand-in for Web Audio, recording what is made and when -------------------------------

/** @typedef {{node: string, what: string, value: number, at: number}} Step */
/** @type {Step[]} */
const steps = [];
let made = 0;

/** An audio parameter that records its changes.
 * @param {string} node */
function param(node) {
  /** @param {string} what @returns {(value: number, at: number) => void} */
  const record = (what) => (value, at) => { steps.push({ node, what, value, at }); };
  return {
    setValueAtTime: record("set"),
    linearRampToValueAtTime: record("linear"),
    exponentialRampToValueAtTime: record("exponential"),
  };
}

/** A node that can be connected, started and stopped (the times recorded).
 * @param {string} node */
function audioNode(node) {
  return {
    type: "",
    /** @type {unknown} */
    buffer: null,
    connect() {},
    /** @param {number} at */
    start(at) { steps.push({ node, what: "start", value: 0, at }); },
    /** @param {number} at */
    stop(at) { steps.push({ node, what: "stop", value: 0, at }); },
  };
}

class FakeAudioContext {
  /** The last one made. @type {FakeAudioContext | null} */
  static last = null;
  constructor() {
    made += 1;
    FakeAudioContext.last = this;
    this.state = "running";
    this.currentTime = 12.5;
    this.sampleRate = 8000;
    this.destination = {};
  }
  createOscillator() { return { ...audioNode("oscillator"), frequency: param("oscillator") }; }
  createGain() { return { ...audioNode("gain"), gain: param("gain") }; }
  createBiquadFilter() { return { ...audioNode("filter"), frequency: param("filter"), Q: param("filter") }; }
  createBufferSource() { return audioNode("noise"); }
  /** @param {number} _channels @param {number} length */
  createBuffer(_channels, length) {
    const samples = new Float32Array(length);
    return { getChannelData: () => samples };
  }
  /** Starts the audio, a moment later (as a browser does). */
  resume() { return Promise.resolve().then(() => { this.state = "running"; }); }
}

/** The steps of playing `name`. @param {string} name */
function played(name) {
  steps.length = 0;
  play(name);
  return [...steps];
}

// ---- the setting ------------------------------------------------------------------------------

test("sounds are off until the player turns them on, and are remembered on the device", () => {
  const store = memory();
  assert.equal(soundsOn(store), false);
  setSoundsOn(true, store);
  assert.equal(soundsOn(store), true);
  assert.equal(store.getItem("langbord.sounds"), "on");
  setSoundsOn(false, store);
  assert.equal(soundsOn(store), false);
  assert.equal(store.getItem("langbord.sounds"), "off");
});

test("without storage the setting lasts the page", () => {
  setSoundsOn(true, null);
  assert.equal(soundsOn(null), true);
  setSoundsOn(false, null);
  assert.equal(soundsOn(null), false);
});

// ---- play -------------------------------------------------------------------------------------

test("without Web Audio, play is silent and does not throw", () => {
  assert.equal("AudioContext" in globalThis, false); // as in node, or an old browser
  setSoundsOn(true, null);
  for (const name of SOUNDS) assert.doesNotThrow(() => play(name));
  setSoundsOn(false, null);
});

test("play makes no sound, and no audio context, while sounds are off", () => {
  Object.assign(globalThis, { AudioContext: FakeAudioContext });
  setSoundsOn(false, null);
  for (const name of SOUNDS) assert.deepEqual(played(name), []);
  assert.equal(made, 0);
});

test("with sounds on, each sound plays: short, quiet, on one shared audio context", () => {
  setSoundsOn(true, null);
  assert.deepEqual([...SOUNDS], ["move", "card", "die", "points", "turn"]);
  for (const name of SOUNDS) {
    const heard = played(name);
    const starts = heard.filter((s) => s.what === "start").map((s) => s.at);
    const stops = heard.filter((s) => s.what === "stop").map((s) => s.at);
    assert.ok(starts.length > 0 && stops.length === starts.length, name);
    assert.ok(Math.min(...starts) >= 12.5, `${name} starts now, not before`);
    assert.ok(Math.max(...stops) - 12.5 < 0.4, `${name} lasts under 0.4 s`);
    const gains = heard.filter((s) => s.node === "gain").map((s) => s.value);
    assert.ok(gains.length > 0 && Math.max(...gains) <= 0.25, `${name} is quiet`);
  }
  assert.ok(played("move").some((s) => s.node === "oscillator"));
  assert.ok(played("card").some((s) => s.node === "noise"));
  assert.equal(made, 1);
  setSoundsOn(false, null);
});

test("a hidden page plays nothing; an unknown name plays nothing; neither throws", () => {
  installFakeDom();
  setSoundsOn(true, null);
  Object.assign(globalThis.document, { hidden: true });
  assert.deepEqual(played("turn"), []);
  Object.assign(globalThis.document, { hidden: false });
  assert.notDeepEqual(played("turn"), []);
  assert.deepEqual(played("fanfare"), []);
  setSoundsOn(false, null);
});

test("a browser that refuses an audio node costs the sound, never an error", () => {
  setSoundsOn(true, null);
  const createOscillator = FakeAudioContext.prototype.createOscillator;
  FakeAudioContext.prototype.createOscillator = () => { throw new Error("refused"); };
  try {
    for (const name of SOUNDS) assert.doesNotThrow(() => play(name));
  } finally {
    FakeAudioContext.prototype.createOscillator = createOscillator;
    setSoundsOn(false, null);
  }
});

test("audio the browser holds back plays once it starts, one sound, not a pile", async () => {
  installFakeDom();
  setSoundsOn(true, null);
  play("move");
  const audio = /** @type {FakeAudioContext} */ (FakeAudioContext.last);
  audio.state = "suspended";
  steps.length = 0;
  play("move");
  play("die");
  play("turn");
  assert.equal(steps.length, 0); // nothing scheduled on audio that does not run
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(audio.state, "running");
  const started = steps.filter((s) => s.what === "start");
  assert.equal(started.length, 2, "the move's two tones, and only them");
  assert.ok(started.every((s) => s.node === "oscillator"));
  setSoundsOn(false, null);
});

// ---- the checkbox -----------------------------------------------------------------------------

test("the checkbox turns sounds on with a sound at once, and off again", () => {
  installFakeDom();
  setSoundsOn(false, null);
  let changes = 0;
  const label = soundToggle(() => { changes += 1; });
  const box = /** @type {any} */ (label.children[0]);
  assert.equal(box.getAttribute("id"), "sounds");
  assert.equal(box.getAttribute("type"), "checkbox");
  assert.equal(box.getAttribute("checked"), null); // off by default
  assert.ok(label.getAttribute("data-tip"));
  assert.match(/** @type {any} */ (label).allText, /Sounds/);

  steps.length = 0;
  box.checked = true;
  fire(box, "change");
  assert.equal(soundsOn(null), true);
  assert.ok(steps.some((s) => s.what === "start"), "turning sounds on plays one");
  box.checked = false;
  fire(box, "change");
  assert.equal(soundsOn(null), false);
  assert.equal(changes, 2);
});
