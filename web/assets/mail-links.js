// The pages of the links mails carry, in the reader's language whatever the link's state:
// /mail/verify/{token} confirms an address at once and says so; /mail/unsubscribe/{token} asks
// first, with a button — mail scanners follow links, so a bare visit changes nothing. Each posts
// to the API (docs/api.md, "Mail") and says what came of it: done, or the link is not valid.

import * as api from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';

/** Mounts the page of a mail's link: `kind` is `verify` or `unsubscribe`. */
export function mountMailLink(main, { kind, token }) {
  const page = new MailLinkPage(main, kind, token);
  page.start();
  return page;
}

class MailLinkPage {
  constructor(main, kind, token) {
    this.main = main;
    this.kind = kind;
    this.token = token;
    this.state = kind === 'verify' ? 'working' : 'asking';
    this.closed = false;
  }

  start() {
    this.render();
    if (this.kind === 'verify') this.post();
  }

  unmount() {
    this.closed = true;
  }

  relabel() {
    this.render();
  }

  async post() {
    this.state = 'working';
    this.render();
    try {
      await (this.kind === 'verify' ? api.verifyEmail(this.token) : api.unsubscribe(this.token));
      this.state = 'done';
    } catch (e) {
      this.state = e.code === 'link-not-valid' ? 'not-valid' : 'failed';
      this.error = e.message;
    }
    if (!this.closed) this.render();
  }

  render() {
    const k = this.kind;
    const title = {
      asking: t('mail.unsubscribe.title'),
      working: t(`mail.${k}.working`),
      done: t(`mail.${k}.done.title`),
      'not-valid': t('mail.link.not-valid.title'),
      failed: t('error.generic'),
    }[this.state];
    const text = {
      asking: t('mail.unsubscribe.ask'),
      working: '',
      done: t(`mail.${k}.done.text`),
      'not-valid': t(`mail.${k}.not-valid`),
      failed: this.error || '',
    }[this.state];
    document.title = `${title} · Trigonal`;
    this.main.replaceChildren(h('section', { class: 'card mail-link', 'data-test': 'mail-link', 'data-state': this.state },
      h('h1', {}, title),
      text ? h('p', { 'data-test': 'mail-link-text' }, text) : null,
      this.state === 'asking'
        ? h('p', {}, h('button', { type: 'button', class: 'primary', 'data-test': 'mail-unsubscribe', onclick: () => this.post() }, t('mail.unsubscribe.button')))
        : null,
      h('p', {}, h('a', { href: '/', 'data-link': true }, t('nav.home')))));
  }
}
