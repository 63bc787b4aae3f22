/**
 * The layout checks of the width suites (layout.spec.ts, layout-breaks.spec.ts): on each page and width a check
 * fails on horizontal overflow, on a visible element outside the viewport, on a top bar taller than one row, on a
 * word broken mid-word, and on a placeholder cut by its field, and saves a full-page screenshot into
 * test-results/ for a person to look at.
 */
import { expect, type Page, type TestInfo } from '@playwright/test';
import { openApp } from './model/support';

const WIDTHS = [320, 375, 768, 1024, 1280] as const;
export const HEIGHT = 800;

/** What is wrong with the layout as the browser draws it now; an empty list when nothing is. */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const root = document.documentElement;
  if (root.scrollWidth > width) problems.push(`the page is ${root.scrollWidth} px wide`);

  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  // An element inside a box that clips (a scroller, a carousel) is only seen through that box.
  const clipped = (el: Element) => {
    for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX !== 'visible') return true;
    }
    return false;
  };
  const seen = (el: Element) => {
    const rect = el.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };

  for (const el of document.body.querySelectorAll('*')) {
    if (!seen(el) || clipped(el)) continue;
    const rect = el.getBoundingClientRect();
    if (rect.left < -1 || rect.right > width + 1) {
      problems.push(`${describe(el)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} px`);
    }
  }

  // The top bar is one row: every link and button it shows stands on the same line.
  const bar = document.querySelector('.topbar');
  if (bar) {
    const items = [...bar.querySelectorAll('a, button')].filter(
      (el) => seen(el) && !el.closest('.side-menu, .user-menu__panel, .bell__panel'),
    );
    const rects = items.map((el) => el.getBoundingClientRect());
    const lowestTop = Math.max(...rects.map((r) => r.top));
    const highestBottom = Math.min(...rects.map((r) => r.bottom));
    if (rects.length && lowestTop >= highestBottom) {
      problems.push(`the top bar has more than one row (${Math.round(bar.getBoundingClientRect().height)} px high)`);
    }
  }

  // No word of letters is broken across two lines ("Infrastructur e").
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !seen(parent)) continue;
    // Words only: an address or a link (with dots, @ or slashes) may break where it must. A <wbr> beside the text
    // joins it to more of one (src/components/Breakable.tsx): the part touching it is no word.
    const text = node.textContent ?? '';
    const wbr = (sibling: Node | null) => sibling?.nodeName === 'WBR';
    for (const match of text.matchAll(/(?<=^|\s)(\p{L}{4,})(?=[.,;:!?]?(\s|$))/gu)) {
      if (wbr(node.previousSibling) && match.index === 0) continue;
      if (wbr(node.nextSibling) && /^[.,;:!?]?\s*$/.test(text.slice(match.index + match[0].length))) continue;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[1]!.length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) problems.push(`the word "${match[0]}" is broken across lines in ${describe(parent)}`);
    }
  }

  // A placeholder fits its field.
  const canvas = document.createElement('canvas').getContext('2d')!;
  for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
    if (!seen(input)) continue;
    const style = getComputedStyle(input);
    canvas.font = getComputedStyle(input, '::placeholder').font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const needed = canvas.measureText(input.placeholder).width;
    if (needed > room + 1)
      problems.push(`the placeholder "${input.placeholder}" needs ${Math.round(needed)} px of ${room}`);
  }
  return problems;
}

/**
 * Walks the widths on the page as it is: checks (after `prepare`, when given) and saves a screenshot of each.
 * Every problem is reported (soft), so one run lists them all.
 */
export async function checkWidths(page: Page, testInfo: TestInfo, name: string, prepare?: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await prepare?.();
    // Layout settles on the next frame after a resize.
    await page.evaluate(() => new Promise(requestAnimationFrame));
    const problems = await page.evaluate(layoutProblems);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    expect.soft(problems, `${name} at ${width} px`).toEqual([]);
  }
}

/** A staff member's account id, as their own "My hours" names it. */
export async function memberId(page: Page, staff: { token: string }): Promise<string> {
  const response = await page.request.get('/api/office/availability', {
    headers: { authorization: `Bearer ${staff.token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { memberId: string }).memberId;
}

/** Opens the app at `path` on the narrowest width. */
export async function openAt(page: Page, path: string) {
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  await openApp(page, path);
}
