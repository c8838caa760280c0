// Short sounds when a move is shown: a player's setting, off by default, remembered on this
// device. The sounds are made in the page with the Web Audio API (tones and a little noise,
// shaped by volume envelopes): no sound files, nothing fetched. Each is under 0.4 s and quiet.
// The table's moves call `play(name)`; it does nothing unless the player turned sounds on, and
// never throws: a sound is never worth an error.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { deviceStore, deviceSwitch } from "./setting.js";

const KEY = "langbord.sounds";

/** The sounds there are: "move" a piece set down (a short wooden knock), "card" a card dealt or
 * flipped (a short soft swish), "die" a die rolled (a few quick clicks), "points" points scored
 * (a short two-note chime), "turn" the player's turn (a gentle single bell). */
export const SOUNDS = /** @type {const} */ (["move", "card", "die", "points", "turn"]);

/** @typedef {typeof SOUNDS[number]} SoundName */

/** Whether `name` is one of `SOUNDS`.
 * @param {string} name @returns {name is SoundName} */
function isSound(name) {
  return /** @type {readonly string[]} */ (SOUNDS).includes(name);
}
/** @typedef {import("./setting.js").Store} Store */

const setting = deviceSwitch(KEY);

/** Whether sounds are on.
 * @param {Store | null} [storage] */
export function soundsOn(storage = deviceStore()) {
  return setting.on(storage);
}

/** Remembers whether sounds are on.
 * @param {boolean} on
 * @param {Store | null} [storage] */
export function setSoundsOn(on, storage = deviceStore()) {
  setting.set(on, storage);
}

/** The setting as a checkbox; turning it on plays a sound at once (the click lets the browser
 * start the page's audio); `changed()`, if given, is called after each change.
 * @param {() => void} [changed] */
export function soundToggle(changed) {
  const box = h("input", { type: "checkbox", id: "sounds", checked: soundsOn() });
  box.addEventListener("change", () => {
    setSoundsOn(box.checked);
    if (box.checked) play("move");
    changed?.();
  });
  return h("label", {
    class: "ctl-notation-toggle", // the control bar's look for a setting's checkbox
    "data-tip": t("Short sounds when a move is shown: off unless you turn them on"),
  }, box, t("Sounds"));
}

// ---- the sounds -------------------------------------------------------------------------------

/** The loudest any part of a sound gets (a gain of 1 is full scale). */
const PEAK = 0.25;
/** Silence, for envelopes (an exponential ramp cannot reach 0). */
const QUIET = 0.0001;
/** A sound asked for while the audio waits for the browser plays if it starts within this
 * many milliseconds; later it would no longer match the move shown, and is dropped. */
const STALE_MS = 300;

/** @type {AudioContext | null} */
let shared = null;
/** @type {AudioBuffer | null} */
let noise = null;
let resuming = false;
let unlocking = false;

/** The page's one audio context, made on first use; null where the browser has none.
 * @returns {AudioContext | null} */
function audioContext() {
  if (shared && shared.state !== "closed") return shared;
  const Context = globalThis.AudioContext;
  if (typeof Context !== "function") return null;
  shared = new Context();
  noise = null;
  return shared;
}

/** A volume envelope from `start`: up to `peak` in `attack` seconds, then down to silence at
 * `end`. The gain node goes to the speakers.
 * @param {AudioContext} audio @param {number} start @param {number} attack @param {number} end
 * @param {number} peak */
function envelope(audio, start, attack, end, peak) {
  const gain = audio.createGain();
  const level = Math.min(peak, PEAK);
  gain.gain.setValueAtTime(QUIET, start);
  gain.gain.linearRampToValueAtTime(level, start + attack);
  gain.gain.exponentialRampToValueAtTime(QUIET, end);
  gain.connect(audio.destination);
  return gain;
}

/** A tone from `start` to `end`, gliding from `from` to `to` Hz.
 * @param {AudioContext} audio
 * @param {{wave: OscillatorType, from: number, to?: number, start: number, end: number,
 *   peak: number, attack?: number}} shape */
function tone(audio, { wave, from, to = from, start, end, peak, attack = 0.004 }) {
  const osc = audio.createOscillator();
  osc.type = wave;
  osc.frequency.setValueAtTime(from, start);
  if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, end);
  osc.connect(envelope(audio, start, attack, end, peak));
  osc.start(start);
  osc.stop(end + 0.01);
}

/** A burst of noise from `start` to `end` through a band-pass filter gliding from `from` to
 * `to` Hz (`q` its sharpness).
 * @param {AudioContext} audio
 * @param {{from: number, to?: number, q: number, start: number, end: number, peak: number,
 *   attack?: number}} shape */
function hiss(audio, { from, to = from, q, start, end, peak, attack = 0.002 }) {
  if (!noise) {
    const length = Math.ceil(audio.sampleRate * 0.3);
    noise = audio.createBuffer(1, length, audio.sampleRate);
    const samples = noise.getChannelData(0);
    for (let i = 0; i < length; i++) samples[i] = Math.random() * 2 - 1;
  }
  const source = audio.createBufferSource();
  source.buffer = noise;
  const filter = audio.createBiquadFilter();
  filter.type = "bandpass";
  filter.Q.setValueAtTime(q, start);
  filter.frequency.setValueAtTime(from, start);
  if (to !== from) filter.frequency.exponentialRampToValueAtTime(to, end);
  source.connect(filter);
  filter.connect(envelope(audio, start, attack, end, peak));
  source.start(start);
  source.stop(end + 0.01);
}

/** Each sound, started at time `at` of `audio`.
 * @type {Record<SoundName, (audio: AudioContext, at: number) => void>} */
const VOICES = {
  move(audio, at) { // a wooden knock: a low thump under a short hollow tock
    tone(audio, { wave: "sine", from: 190, to: 85, start: at, end: at + 0.12, peak: 0.17 });
    tone(audio, { wave: "triangle", from: 820, to: 560, start: at, end: at + 0.05, peak: 0.07,
      attack: 0.002 });
  },
  card(audio, at) { // a soft swish: noise rising in pitch, in and out
    hiss(audio, { from: 900, to: 3200, q: 0.8, start: at, end: at + 0.2, peak: 0.16, attack: 0.06 });
  },
  die(audio, at) { // a few quick clicks, a little uneven, each softer than the last
    const clicks = [[0, 2600, 0.16], [0.055, 2100, 0.13], [0.12, 3000, 0.1], [0.2, 2400, 0.07]];
    for (const [after, hz, peak] of clicks) {
      hiss(audio, { from: hz, q: 6, start: at + after, end: at + after + 0.03, peak });
    }
  },
  points(audio, at) { // a two-note chime, rising a fifth
    tone(audio, { wave: "sine", from: 1046.5, start: at, end: at + 0.22, peak: 0.12 });
    tone(audio, { wave: "sine", from: 1568, start: at + 0.1, end: at + 0.36, peak: 0.12 });
  },
  turn(audio, at) { // a gentle bell: a tone with a faint, higher, unrelated overtone
    tone(audio, { wave: "sine", from: 880, start: at, end: at + 0.38, peak: 0.15, attack: 0.006 });
    tone(audio, { wave: "sine", from: 2430, start: at, end: at + 0.2, peak: 0.04, attack: 0.006 });
  },
};

/** Plays `name` at once on `audio`.
 * @param {AudioContext} audio @param {SoundName} name */
function voice(audio, name) {
  try {
    VOICES[name](audio, audio.currentTime + 0.005);
  } catch {
    // the browser refused a node: no sound
  }
}

/** Until the page's audio runs, the next click or key press asks it to (some browsers start
 * audio only in answer to the player). */
function unlockOnGesture() {
  if (unlocking || typeof document === "undefined") return;
  unlocking = true;
  const events = ["click", "keydown"];
  const unlock = () => {
    events.forEach((type) => document.removeEventListener(type, unlock, true));
    unlocking = false;
    if (shared && shared.state === "suspended" && soundsOn()) shared.resume().catch(() => {});
  };
  events.forEach((type) => document.addEventListener(type, unlock, true));
}

/** Plays `name` once the audio runs: at once if it does, else when the browser lets it start
 * (if that comes soon enough). While a start is awaited, further sounds are dropped.
 * @param {AudioContext} audio @param {SoundName} name */
function whenRunning(audio, name) {
  if (audio.state === "running") { voice(audio, name); return; }
  if (resuming) return;
  resuming = true;
  const asked = Date.now();
  audio.resume().then(() => {
    resuming = false;
    if (Date.now() - asked <= STALE_MS) voice(audio, name);
  }, () => { resuming = false; });
  unlockOnGesture();
}

/** Plays the sound `name`, one of `SOUNDS` (any other name plays nothing). Does nothing when
 * sounds are off, when the page is hidden, or where the browser has no Web Audio; never throws.
 * @param {string} name */
export function play(name) {
  try {
    if (!soundsOn() || !isSound(name)) return;
    if (typeof document !== "undefined" && document.hidden) return;
    const audio = audioContext();
    if (audio) whenRunning(audio, name);
  } catch {
    // no sound rather than an error
  }
}
