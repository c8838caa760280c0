// A player's on/off setting, remembered on this device (localStorage, "on" or "off"): off
// until the player turns it on; where the page may not use storage (private mode), it lasts
// the page. The notation and sounds settings are such switches.

/** @typedef {Pick<Storage, "getItem" | "setItem">} Store */

/** The device's storage, if the page may use it.
 * @returns {Store | null} */
export function deviceStore() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage refused (private mode): the setting lasts the page
  }
}

/** The switch kept under `key`: `on(storage)` reads it, `set(on, storage)` remembers it (the
 * storage defaults to the device's).
 * @param {string} key */
export function deviceSwitch(key) {
  let fallback = false;
  return {
    /** @param {Store | null} [storage] */
    on(storage = deviceStore()) {
      if (!storage) return fallback;
      return storage.getItem(key) === "on";
    },
    /** @param {boolean} on @param {Store | null} [storage] */
    set(on, storage = deviceStore()) {
      fallback = on;
      storage?.setItem(key, on ? "on" : "off");
    },
  };
}
