// Notices on this device when no tab is looking (Web Push: docs/api.md): the setting on one's own
// profile. Turning it on asks the browser's permission, registers the service worker (sw.js),
// subscribes with the push service the browser uses, under the site's key, and gives the server
// the subscription; turning it off undoes both. What this browser did is asked of the browser
// itself (its subscription), not remembered apart.

import * as api from './api.js';
import { h, replaceChildren } from './dom.js';
import { t } from './i18n.js';

const WORKER = '/assets/sw.js';
const SCOPE = '/assets/';

/** Whether this browser can take pushed notices at all. */
export function supported() {
  return 'serviceWorker' in navigator && 'PushManager' in globalThis && 'Notification' in globalThis;
}

/** The base64url text of a key as the bytes `PushManager.subscribe` takes. */
export function keyBytes(text) {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/**
 * The worker's registration, once its worker is active. (Its scope is /assets/, which covers no
 * page: `navigator.serviceWorker.ready`, which waits for a worker of the page's, would never come.)
 */
async function registration() {
  const reg = (await navigator.serviceWorker.getRegistration(SCOPE))
    || await navigator.serviceWorker.register(WORKER, { scope: SCOPE });
  const worker = reg.installing || reg.waiting || reg.active;
  if (worker.state !== 'activated') {
    await new Promise((resolve) => worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
    }));
  }
  return reg;
}

/** This browser's subscription, if it has one. */
async function current() {
  const reg = await navigator.serviceWorker.getRegistration(SCOPE);
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Subscribes this browser and tells the server; throws with words to show when it cannot. */
async function subscribe() {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error(t('push.denied'));
  const reg = await registration();
  const { key } = await api.pushKey();
  let subscription;
  try {
    subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  } catch {
    throw new Error(t('push.unavailable'));
  }
  await api.subscribePush(subscription.toJSON());
}

async function unsubscribe() {
  const subscription = await current();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  try {
    await api.unsubscribePush(endpoint);
  } catch {
    // The server may have dropped it already (its push service said it was gone).
  }
}

/** The setting, as a section of one's own profile. */
export class PushSettings {
  constructor() {
    this.on = false;
    this.busy = false;
    this.note = null;
    this.el = h('section', { class: 'push-settings', 'aria-labelledby': 'push-h', 'data-test': 'push' });
  }

  /** Its element, this browser asked the first time it is shown. */
  shown() {
    if (!this.asked) {
      this.asked = true;
      this.load();
    }
    return this.el;
  }

  async load() {
    try {
      this.on = supported() && !!(await current());
    } catch {
      this.on = false;
    }
    this.render();
  }

  async toggle(on) {
    this.busy = true;
    this.note = null;
    this.render();
    try {
      if (on) await subscribe();
      else await unsubscribe();
      this.on = on;
      this.note = t(on ? 'push.on' : 'push.off');
    } catch (e) {
      this.note = e.message || t('error.generic');
      this.on = !!(await current().catch(() => null));
    }
    this.busy = false;
    this.render();
  }

  render() {
    replaceChildren(this.el,
      h('h2', { id: 'push-h' }, t('push.title')),
      h('p', { class: 'help' }, t('push.help')),
      supported()
        ? h('label', { class: 'push-switch' },
          h('input', { type: 'checkbox', role: 'switch', class: 'switch', 'data-test': 'push-switch', checked: this.on, disabled: this.busy, onchange: (e) => this.toggle(e.target.checked) }),
          t('push.switch'))
        : h('p', { class: 'muted', 'data-test': 'push-unsupported' }, t('push.unsupported')),
      this.note ? h('p', { role: 'status', 'data-test': 'push-note' }, this.note) : null);
  }
}
