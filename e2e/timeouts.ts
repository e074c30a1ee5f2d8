/**
 * The browser suite's waits, defined once and sized for a loaded two-core machine (the server,
 * Chromium and the test runner share it, often beside other work). Every wait is for an event (a
 * navigation, a response, an element, a polled value reaching what the test expects), never for time.
 */

/** The longest one event may take: navigations, responses, elements, expect.poll. */
export const EVENT_TIMEOUT_MS = 60_000;

/** A test is a chain of events; several may be slow, and a stuck one fails first with its own message. */
export const TEST_TIMEOUT_MS = 5 * EVENT_TIMEOUT_MS;

/** beforeAll/afterAll (Chromium's launch, an administrator's sign-in) and the server's start. */
export const HOOK_TIMEOUT_MS = 3 * EVENT_TIMEOUT_MS;
