import { loadMessages } from '../lib/i18n.ts';
import type { MessagePart } from '../locales/parts.ts';

/** The shell's layouts, once their part of the messages is there too (locales/parts.ts). */
export const loadShell = (...parts: MessagePart[]) =>
  Promise.all([import('./layouts/shell-layout.tsx'), loadMessages(...parts)]).then(([m]) => m);
