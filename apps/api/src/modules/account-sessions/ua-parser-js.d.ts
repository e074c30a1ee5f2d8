// ua-parser-js 1.x ships no types (2.x does, under a licence we do not use): the part we call.
declare module 'ua-parser-js' {
  export interface UAResult {
    browser: { name?: string; version?: string };
    os: { name?: string; version?: string };
    device: { vendor?: string; model?: string; type?: string };
  }
  export class UAParser {
    constructor(ua?: string);
    getResult(): UAResult;
  }
}
