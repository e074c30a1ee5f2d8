/**
 * The password rule's message, in a file without zod: the web forms map it to the member's language,
 * and the login page's code must not bring zod along (decision 0027).
 */
export const PASSWORD_BLANK_MESSAGE = 'A password cannot be only spaces';
