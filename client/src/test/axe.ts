import axe from 'axe-core';

/**
 * axe-core's serious and critical violations in the rendered document, printable. jsdom does no
 * layout, so colour contrast is left to the browser tests (e2e/browser.ts).
 */
export async function seriousViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
