import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps the allowed tags and safe links, drops scripts, handlers and styles', () => {
    expect(sanitizeHtml('<p onclick="x()">Hi <b>there</b><script>alert(1)</script></p>')).toBe('<p>Hi <b>there</b></p>');
    expect(sanitizeHtml('<a href="javascript:alert(1)" title="t">x</a><a href="https://ok.example/">y</a>')).toBe(
      '<a title="t">x</a><a href="https://ok.example/">y</a>',
    );
    expect(sanitizeHtml('<div style="color:red"><font>text</font><br><img src=x onerror=alert(1)></div>')).toBe('<div>text<br></div>');
    expect(sanitizeHtml('a < b & "c"')).toBe('a &lt; b &amp; "c"');
    expect(sanitizeHtml('<svg><script>1</script></svg><iframe src="x"></iframe>ok')).toBe('ok');
  });
  it('answers the same for what it answered (idempotent)', () => {
    const once = sanitizeHtml('<ul><li><a href="/x" title="a&quot;b">1</a></li></ul><p>x &amp; y</p>');
    expect(sanitizeHtml(once)).toBe(once);
  });
  it('flattens a hostile depth to text', () => {
    const deep = `${'<div>'.repeat(100)}deep${'</div>'.repeat(100)}`;
    expect(sanitizeHtml(deep)).toContain('deep');
    expect((sanitizeHtml(deep).match(/<div>/g) ?? []).length).toBeLessThanOrEqual(34);
  });
});
