/**
 * The office's "How to join" (src/pages/office/orderView.ts): only an http or https address becomes a link;
 * anything else, a phone number or a script's address included, stays text.
 */
import { describe, expect, it } from 'vitest';
import { joinHref } from '#src/pages/office/orderView';

describe('how to join, as a link', () => {
  it('links a web address, as typed', () => {
    expect(joinHref('https://meet.example/abc')).toBe('https://meet.example/abc');
    expect(joinHref(' http://meet.example/x?y=1 ')).toBe('http://meet.example/x?y=1');
    expect(joinHref('HTTPS://Meet.Example/Room')).toBe('https://meet.example/Room');
  });

  it('leaves everything else text', () => {
    for (const join of [
      'Phone: +44 20 7946 0000',
      'javascript:alert(1)',
      ' JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example/x',
      'meet.example/abc',
      'https://',
      '',
      null,
    ]) {
      expect(joinHref(join), String(join)).toBeNull();
    }
  });
});
