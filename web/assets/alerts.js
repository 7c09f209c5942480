// Telling a player the turn came to them: a short beep made with the Web Audio API (no audio
// files) and a browser notification while the tab is hidden. Both off until the player turns them
// on; the choice is remembered. (The tab title's mark is set by the game page: people.js.)

import * as store from './store.js';

let audio = null;

/** Whether the beep is on. */
export function soundOn() {
  return store.setting('sound', false);
}

/** Turns the beep on or off; turning it on (a click: audio may start) plays it once. */
export function setSound(on) {
  store.setSetting('sound', on);
  if (on) beep();
}

/** Whether notifications are on (and the browser still allows them). */
export function notifyOn() {
  return store.setting('notify', false) && permission() === 'granted';
}

/**
 * Turns notifications on or off. Turning them on asks the browser's permission (only then);
 * resolves to whether they are on.
 */
export async function setNotify(on) {
  if (!on) {
    store.setSetting('notify', false);
    return false;
  }
  let granted = permission() === 'granted';
  if (!granted && permission() !== 'unsupported') {
    try {
      granted = (await globalThis.Notification.requestPermission()) === 'granted';
    } catch {
      granted = false;
    }
  }
  store.setSetting('notify', granted);
  return granted;
}

function permission() {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification.permission : 'unsupported';
}

/** A short soft beep. */
export function beep() {
  const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!Context) return;
  try {
    audio = audio || new Context();
    if (audio.state === 'suspended') audio.resume().catch(() => {});
    const now = audio.currentTime;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = 'sine';
    tone.frequency.setValueAtTime(880, now);
    tone.frequency.setValueAtTime(660, now + 0.09);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.18, now + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.22);
    tone.connect(gain).connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.24);
  } catch {
    // No sound device: the title still says it.
  }
}

/** The turn came to this browser: beep and notify, as the player chose. */
export function yourTurn(title, body) {
  if (soundOn()) beep();
  if (notifyOn() && globalThis.document?.hidden) {
    try {
      const n = new globalThis.Notification(title, { body, tag: 'trigonal-turn' });
      n.onclick = () => {
        globalThis.focus?.();
        n.close();
      };
    } catch {
      // Some browsers allow notifications only from a service worker: the title still says it.
    }
  }
}
