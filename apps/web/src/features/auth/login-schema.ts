// The login form's contract schema on its own, so the page can load it (and zod) when the form first validates.
export { LoginBodySchema } from '@hostdeck/contracts';
