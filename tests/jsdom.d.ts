// jsdom ships no types and @types/jsdom is not installed: the part the tests use, typed here.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { contentType?: string; url?: string });
    readonly window: Window & typeof globalThis;
  }
}
