// The pages' live connection (web/assets/live.js) on its own: a stand-in window whose WebSocket,
// timers, randomness and `online` event the test drives, as the browser would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Live, RESTART, backoff } from '../assets/live.js';

/** A window: sockets made are kept in `sockets`, timers wait in `timers` until `fire()`. */
function world({ refuse = false } = {}) {
  const w = {
    sockets: [],
    timers: [],
    listeners: {},
    random: 0.5,
    fire() {
      const due = w.timers.filter((x) => !x.cleared);
      assert.equal(due.length, 1, 'one reconnection waits');
      due[0].cleared = true;
      due[0].fn();
      return due[0].delay;
    },
    pending() {
      return w.timers.filter((x) => !x.cleared).map((x) => x.delay);
    },
  };
  w.WebSocket = class {
    constructor(url) {
      if (refuse) throw new SyntaxError('bad address');
      this.url = url;
      this.readyState = 0;
      this.sent = [];
      this.closedByPage = false;
      w.sockets.push(this);
    }
    send(data) {
      this.sent.push(data);
    }
    close() {
      this.closedByPage = true;
      this.readyState = 3;
    }
    // What the server and the network do:
    opened() {
      this.readyState = 1;
      this.onopen?.();
    }
    says(data) {
      this.onmessage?.({ data });
    }
    lost(code = 1006) {
      this.readyState = 3;
      this.onclose?.({ code });
    }
  };
  w.setTimeout = (fn, delay) => {
    const timer = { fn, delay, cleared: false };
    w.timers.push(timer);
    return timer;
  };
  w.clearTimeout = (timer) => {
    if (timer) timer.cleared = true;
  };
  w.Math = { random: () => w.random };
  w.addEventListener = (name, fn) => (w.listeners[name] = fn);
  w.removeEventListener = (name, fn) => {
    if (w.listeners[name] === fn) delete w.listeners[name];
  };
  return w;
}

function follow(w, url = () => '/ws') {
  const got = { messages: [], states: [] };
  const live = new Live({ url, message: (m) => got.messages.push(m), state: (open) => got.states.push(open) }, w);
  return { live, got };
}

test('the back-off doubles from 1 s and stops at 10 s', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 20].map(backoff), [1000, 2000, 4000, 8000, 10000, 10000, 10000]);
});

test('only JSON objects reach the page; text, arrays and numbers are dropped', () => {
  const w = world();
  const { got } = follow(w);
  const [s] = w.sockets;
  s.opened();
  for (const data of ['{"type":"seeks","seeks":[]}', 'not json', '[1,2]', '42', 'null', '"text"', '{"type":"x"}']) s.says(data);
  assert.deepEqual(got.messages, [{ type: 'seeks', seeks: [] }, { type: 'x' }]);
  assert.deepEqual(got.states, [true]);
});

test('a lost connection comes back after 1, 2, 4 s…, and the count starts again once it opens', () => {
  const w = world();
  let version = 3;
  const { live, got } = follow(w, () => `/ws?since=${version}`);
  w.sockets[0].lost();
  assert.equal(w.fire(), 1000);
  w.sockets[1].lost();
  assert.equal(w.fire(), 2000);
  assert.equal(live.tries, 2);
  version = 7;
  w.sockets[2].lost();
  assert.equal(w.fire(), 4000);
  assert.equal(w.sockets[3].url, '/ws?since=7', 'the address is asked for at each opening');
  w.sockets[3].opened();
  assert.equal(live.tries, 0);
  w.sockets[3].lost();
  assert.equal(w.fire(), 1000);
  assert.deepEqual(got.states, [false, false, false, true, false]);
});

test('a graceful restart (1012) is followed soon, spread over half a second, whatever came before', () => {
  const w = world();
  follow(w);
  w.sockets[0].lost();
  w.fire();
  w.sockets[1].lost();
  w.fire();
  w.random = 0.25;
  w.sockets[2].lost(RESTART);
  assert.deepEqual(w.pending(), [200]);
  w.fire();
  w.sockets[3].lost();
  assert.deepEqual(w.pending(), [1000], 'the back-off starts again after a restart');
});

test('back online: connected again at once, the waiting reconnection dropped', () => {
  const w = world();
  follow(w);
  w.sockets[0].lost();
  assert.deepEqual(w.pending(), [1000]);
  w.listeners.online();
  assert.deepEqual(w.pending(), []);
  assert.equal(w.sockets.length, 2);
  w.sockets[1].opened();
  w.listeners.online();
  assert.equal(w.sockets.length, 2, 'an open connection is kept');
});

test('send: JSON on an open connection, nothing before it opens', () => {
  const w = world();
  const { live } = follow(w);
  assert.equal(live.send({ token: 't' }), false);
  w.sockets[0].opened();
  assert.equal(live.send({ token: 't' }), true);
  assert.deepEqual(w.sockets[0].sent, ['{"token":"t"}']);
});

test('reconnect opens a new connection now; close ends it for good, nothing waits, nothing comes', () => {
  const w = world();
  const { live, got } = follow(w);
  const [first] = w.sockets;
  first.opened();
  live.reconnect();
  assert.ok(first.closedByPage);
  assert.equal(w.sockets.length, 2);
  first.says('{"type":"late"}');
  first.lost();
  assert.deepEqual(got.messages, [], 'the old connection is silenced');
  assert.deepEqual(w.pending(), []);
  live.close();
  assert.ok(w.sockets[1].closedByPage);
  assert.equal(w.listeners.online, undefined);
  w.sockets[1].lost();
  assert.deepEqual(w.pending(), []);
  assert.equal(live.open, false);
});

test('an address the browser refuses is tried again after the back-off', () => {
  const w = world({ refuse: true });
  const { live } = follow(w);
  assert.equal(w.sockets.length, 0);
  assert.deepEqual(w.pending(), [1000]);
  assert.equal(live.tries, 1);
});
