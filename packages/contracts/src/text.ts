import { z } from 'zod';
import { LINE_BREAK_MESSAGE } from './control-characters.ts';

/** Text without a line break. */
export const ONE_LINE = /^[^\r\n]*$/;

/**
 * One line of text: a name, a title, a subject, a reason, a label. Trimmed, and refused with a line
 * break inside (it would end up in a mail header, a ledger line or a table cell). Text that may span
 * lines (a message, a description, an announcement) is a plain `z.string()`; `test/one-line-fields.test.ts`
 * in the API walks every request body and fails on a free-text field that is neither.
 */
export const line = () => z.string().trim().regex(ONE_LINE, { message: LINE_BREAK_MESSAGE });
