// One live connection to the server, for every page that follows something as it happens — a
// game, a game's lobby, a tournament. It opens the WebSocket, hands on each message that parses as
// a JSON object (anything else is dropped: a page never acts on text it cannot read), and when the
// connection is lost opens it again: soon and spread over half a second after a graceful restart
// (close code 1012: another process takes over at once), otherwise after a back-off that doubles
// from 1 s to 10 s and starts again once a connection opens; at once when the browser comes back
// online. The address is asked for at each opening, so a game page can say the version it has
// (`since`) and be sent only what it missed. Idle connections are kept by the server's pings,
// which browsers answer themselves. Knows no page and no message.

/** The close code of a server that restarts gracefully (RFC 6455's "Service Restart"). */
export const RESTART = 1012;

/** How long to wait before the `tries`-th attempt in a row to connect again, in ms. */
export function backoff(tries) {
  return Math.min(10000, 500 * 2 ** Math.min(Math.max(tries, 1), 5));
}

export class Live {
  /**
   * `url()`: the address to open, asked at each opening; `message(m)`: each JSON object the
   * server sends; `state(open)`: the connection opened (true) or was lost (false). `env` stands in
   * for the window (WebSocket, timers, randomness, the `online` event) in tests.
   */
  constructor({ url, message, state = () => {} }, env = globalThis) {
    this.url = url;
    this.message = message;
    this.state = state;
    this.env = env;
    this.socket = null;
    this.timer = null;
    this.tries = 0;
    this.closed = false;
    this.online = () => {
      if (!this.open) this.connect();
    };
    env.addEventListener?.('online', this.online);
    this.connect();
  }

  /** Whether the connection is open now. */
  get open() {
    return this.socket?.readyState === 1;
  }

  /** Sends `data` as JSON; false when the connection is not open (nothing is queued). */
  send(data) {
    if (!this.open) return false;
    this.socket.send(JSON.stringify(data));
    return true;
  }

  /** Opens the connection again now (the person signed in or out: the server sees them anew). */
  reconnect() {
    this.tries = 0;
    this.connect();
  }

  /** Ends the connection for good. */
  close() {
    this.closed = true;
    this.env.removeEventListener?.('online', this.online);
    this.drop();
  }

  drop() {
    this.env.clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      socket.close();
    }
  }

  connect() {
    this.drop();
    if (this.closed) return;
    let socket;
    try {
      socket = new this.env.WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.tries = 0;
      this.state(true);
    };
    socket.onmessage = (e) => {
      let message;
      try {
        message = JSON.parse(e.data);
      } catch {
        return;
      }
      if (message && typeof message === 'object' && !Array.isArray(message)) this.message(message);
    };
    socket.onclose = (e) => {
      this.socket = null;
      this.state(false);
      if (e?.code === RESTART) {
        this.tries = 0;
        this.retry(100 + this.env.Math.random() * 400);
      } else {
        this.retry();
      }
    };
  }

  /** Connects again after `delay` ms, or after the back-off of one more failed try. */
  retry(delay) {
    if (this.closed) return;
    if (delay === undefined) delay = backoff(++this.tries);
    this.env.clearTimeout(this.timer);
    this.timer = this.env.setTimeout(() => this.connect(), delay);
  }
}
