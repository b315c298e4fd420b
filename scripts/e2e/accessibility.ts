import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe-core in the page (or a frame of it: the widget's chat) and returns its serious and critical violations, printable. */
export async function seriousAccessibilityViolations(page: Page | Frame): Promise<string[]> {
  // Evaluated from outside the page: an added <script> is inline code, which the app's CSP refuses.
  axeSource ??= readFileSync(AXE_SCRIPT, 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}) on ${page.url()}:\n` +
        violation.nodes.map((node) => `  ${JSON.stringify(node.target)}: ${node.failureSummary?.replace(/\n/g, ' ')}`).join('\n'),
    );
}
