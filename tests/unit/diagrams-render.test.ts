// @vitest-environment jsdom
/**
 * Every generated statechart diagram (scripts/diagrams.ts) renders: Mermaid's own parser, from the pinned
 * `mermaid` package, accepts it, and Mermaid draws no state the diagram does not declare (a transition that
 * names an undeclared id makes Mermaid add a stray box). jsdom, because mermaid needs a DOM even to parse.
 */
import mermaid from 'mermaid';
import { describe, expect, it } from 'vitest';
import { loadMachines, machinePage } from '#scripts/diagrams';

const machines = await loadMachines();

/** The Mermaid source of a page, as docs/machines/<id>.md holds it. */
function mermaidBlock(page: string): string {
  const block = /```mermaid\n([\s\S]*?)\n```/.exec(page);
  if (!block) throw new Error('no mermaid block');
  return block[1]!;
}

/** The drawing Mermaid lays out: every box, with its shape (states are `rect`, or `roundedWithTitle` with children). */
interface StateDb {
  getData(): { nodes: { id: string; shape?: string }[] };
}

const STATE_SHAPES = new Set(['rect', 'roundedWithTitle']);

describe.each(machines.map((found) => [found.machine.id, found] as const))('the diagram of %s', (_id, found) => {
  const text = mermaidBlock(machinePage(found));

  it("is accepted by Mermaid's parser", async () => {
    await expect(mermaid.parse(text)).resolves.toMatchObject({ diagramType: 'stateDiagram' });
  });

  it('draws only the states it declares', async () => {
    await mermaid.parse(text); // registers the diagram types
    const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
    const declared = new Set([...text.matchAll(/^\s*state "[^"]*" as (\S+)$/gm)].map((match) => match[1]!));
    const drawn = (diagram.db as unknown as StateDb)
      .getData()
      .nodes.filter((node) => STATE_SHAPES.has(node.shape ?? ''))
      .map((node) => node.id);
    expect(drawn.filter((id) => !declared.has(id))).toEqual([]);
    expect([...declared].filter((id) => !drawn.includes(id))).toEqual([]);
  });
});
