import { expect } from 'chai';
import { addBlock, defaultStartNode, duplicateOf, freePosition, fromGraph, newNodeId, removeBlock, toGraph, type EditorNode } from '../src/pages/flowbuilder/graph.js';
import { intervalProblem } from '../src/pages/flowbuilder/editorToast.js';

const node = (id: string, type: EditorNode['type'], x: number, y: number, width?: number): EditorNode => ({
  id,
  type,
  position: { x, y },
  data: {},
  ...(width ? { measured: { width, height: 80 } } : {}),
});

describe('flow editor: graph rules (document 3 sections 3, 4, 9)', () => {
  it('makes node ids of 30 random alphanumerics', () => {
    const ids = Array.from({ length: 200 }, newNodeId);
    for (const id of ids) expect(id).to.match(/^[A-Za-z0-9]{30}$/);
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it('starts a new flow with the start block 1 and places a new block centred on the view, else in the nearest free place around it', () => {
    expect(defaultStartNode()).to.deep.include({ id: '1', type: 'start' });
    const center = { x: 1000, y: 500 };
    expect(freePosition([node('1', 'start', 100, 50, 200)], center)).to.deep.equal({ x: 1000 - 110, y: 500 - 60 });
    let nodes = [defaultStartNode()];
    for (let count = 0; count < 4; count += 1) nodes = addBlock(nodes, [], 'menu', { message: 'Oi', arrayOption: [] }, center).nodes;
    // The centre, then below, above, right: each 40 units clear of the others (blocks 220 x 120 until measured).
    expect(nodes.slice(1).map((each) => each.position)).to.deep.equal([
      { x: 890, y: 440 },
      { x: 890, y: 600 },
      { x: 890, y: 280 },
      { x: 1150, y: 440 },
    ]);
  });

  it('duplicates with a new id 240 units right of the rightmost block, at the original height, unselected', () => {
    const original = { ...node('a', 'message', 10, 30), data: { label: 'Oi' }, selected: true };
    const copy = duplicateOf(original, [original, node('b', 'menu', 900, 400)]);
    expect(copy.id).to.not.equal('a');
    expect(copy).to.deep.include({ type: 'message', position: { x: 1140, y: 30 }, selected: false });
    expect(copy.data).to.deep.equal({ label: 'Oi' });
    expect(copy.data).to.not.equal(original.data);
  });

  it('replaces the start block (and its connections) when Start is chosen again; removes a block with its connections', () => {
    const edges = [
      { id: 'e1', source: '1', target: 'm' },
      { id: 'e2', source: 'm', target: 'q' },
    ];
    const nodes = [defaultStartNode(), node('m', 'menu', 500, 100), node('q', 'question', 800, 100)];
    const replaced = addBlock(nodes, edges, 'start', {}, { x: 0, y: 0 });
    const starts = replaced.nodes.filter((each) => each.type === 'start').map((each) => each.id);
    expect(starts).to.have.length(1);
    expect(starts[0]).to.match(/^[A-Za-z0-9]{30}$/);
    expect(replaced.edges.map((edge) => edge.id)).to.deep.equal(['e2']);
    const removed = removeBlock(nodes, edges, 'm');
    expect(removed.nodes.map((each) => each.id)).to.deep.equal(['1', 'q']);
    expect(removed.edges).to.deep.equal([]);
  });

  it('saves only what the graph means and reads it back', () => {
    const nodes = [{ ...defaultStartNode(), selected: true, measured: { width: 220, height: 60 }, dragging: false }];
    const edges = [{ id: 'e', source: '1', target: 'x', sourceHandle: 'a', selected: true, animated: true }];
    const graph = toGraph(nodes, edges);
    expect(graph).to.deep.equal({
      nodes: [{ id: '1', type: 'start', position: { x: 250, y: 100 }, data: {} }],
      connections: [{ id: 'e', source: '1', target: 'x', sourceHandle: 'a', targetHandle: null }],
    });
    const back = fromGraph(graph);
    expect(toGraph(back.nodes, back.edges)).to.deep.equal(graph);
  });

  it('accepts intervals of 1 to 120 whole seconds', () => {
    expect(intervalProblem('')).to.equal('web.flowEditor.interval.missing');
    for (const bad of ['0', '121', '2.5', '-3']) expect(intervalProblem(bad), bad).to.equal('web.flowEditor.interval.invalid');
    for (const good of ['1', '60', '120']) expect(intervalProblem(good), good).to.equal(null);
  });
});
