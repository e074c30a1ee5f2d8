// @ts-check
// Plain JavaScript with hand-written types (index.d.ts): plugins are loaded by Node and by browsers
// as they are, without a build step, so this file must run as it is in both.

/** The events a server plugin can hook, in the order the docs list them. */
export const pluginEvents = Object.freeze([
  'member.registered',
  'member.signed_in',
  'server.queued',
  'server.created',
  'server.renewed',
  'server.suspended',
  'server.deleted',
  'coins.changed',
  'purchase.completed',
  'ticket.opened',
  'ticket.replied',
  'announcement.published',
  'settings.changed',
]);

/** The places a client plugin can put components. */
export const pluginSlots = Object.freeze([
  'dashboard.cards',
  'profile.sections',
  'admin.dashboard.widgets',
  'account.sections',
  'sidebar.items',
]);

/** @type {import('./index.d.ts').definePlugin} */
export function definePlugin(definition) {
  return definition;
}

/** @type {import('./index.d.ts').defineClientPlugin} */
export function defineClientPlugin(install) {
  return install;
}

/** An error a plugin route answers with: its status, a stable code and a message for people. */
export class PluginError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.name = 'PluginError';
    this.status = status;
    this.code = code;
  }
}
