/**
 * A V8 `.heapsnapshot` read in node: each object's class (constructor, or the kind of a string, array, code),
 * its own size, its retained size (the dominator tree over the strong edges) and one shortest path from the roots
 * (bench/heap.ts).
 */

interface RawSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface HeapGraph {
  count: number;
  selfSize: Float64Array;
  retained: Float64Array;
  /** What a node is counted as: its class, a closure's function name, or the kind of a string, array, code. */
  classOf(node: number): string;
  /** The names of the edges of one shortest strong path from the roots to `node`, with each holder's class. */
  pathTo(node: number): string[];
  /** The node before `node` on that path (the root is its own). */
  parentOf(node: number): number;
  /** The object that every path from the roots to `node` passes through last (the root is its own). */
  dominatorOf(node: number): number;
  /** The names of `node`'s named properties. */
  propertyNames(node: number): string[];
}

/** Kinds whose names are their contents (a string's text, a number): counted by their kind alone. */
const NAMELESS = new Set(['string', 'concatenated string', 'sliced string', 'number', 'bigint', 'regexp', 'symbol', 'hidden']);

export function readHeapSnapshot(text: string): HeapGraph {
  const raw = JSON.parse(text) as RawSnapshot;
  const { meta } = raw.snapshot;
  const nodeWidth = meta.node_fields.length;
  const edgeWidth = meta.edge_fields.length;
  const [nType, nName, nSize, nEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f));
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f));
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const weak = edgeTypes.indexOf('weak');
  const shortcut = edgeTypes.indexOf('shortcut');
  const named = new Set(['context', 'property', 'internal', 'shortcut'].map((t) => edgeTypes.indexOf(t)));
  const count = raw.nodes.length / nodeWidth;

  const selfSize = new Float64Array(count);
  const firstEdge = new Uint32Array(count + 1);
  for (let n = 0, e = 0; n < count; n++) {
    selfSize[n] = raw.nodes[n * nodeWidth + nSize];
    firstEdge[n] = e;
    e += raw.nodes[n * nodeWidth + nEdges];
    firstEdge[n + 1] = e;
  }
  const target = (e: number) => raw.edges[e * edgeWidth + eTo] / nodeWidth;
  const strong = (e: number) => {
    const type = raw.edges[e * edgeWidth + eType];
    return type !== weak && type !== shortcut;
  };
  const edgeName = (e: number) => {
    const type = raw.edges[e * edgeWidth + eType];
    const name = raw.edges[e * edgeWidth + eName];
    return named.has(type) ? raw.strings[name] : `[${name}]`;
  };

  // Depth-first order from the root (node 0), then the dominators by Cooper, Harvey and Kennedy's iteration.
  const order = new Int32Array(count).fill(-1);
  const postorder: number[] = [];
  const stack: Array<[number, number]> = [[0, firstEdge[0]]];
  order[0] = 0;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const [node, edge] = top;
    if (edge === firstEdge[node + 1]) {
      stack.pop();
      order[node] = postorder.length;
      postorder.push(node);
      continue;
    }
    top[1]++;
    if (!strong(edge)) continue;
    const to = target(edge);
    if (order[to] !== -1) continue;
    order[to] = -2;
    stack.push([to, firstEdge[to]]);
  }
  const predecessors: number[][] = Array.from({ length: count }, () => []);
  for (let n = 0; n < count; n++) {
    if (order[n] < 0) continue;
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e++) if (strong(e)) predecessors[target(e)].push(n);
  }
  const dominator = new Int32Array(count).fill(-1);
  dominator[0] = 0;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (order[a] < order[b]) a = dominator[a];
      while (order[b] < order[a]) b = dominator[b];
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let i = postorder.length - 2; i >= 0; i--) {
      const node = postorder[i];
      let next = -1;
      for (const from of predecessors[node]) {
        if (dominator[from] === -1) continue;
        next = next === -1 ? from : intersect(from, next);
      }
      if (next !== -1 && dominator[node] !== next) {
        dominator[node] = next;
        changed = true;
      }
    }
  }
  const retained = Float64Array.from(selfSize);
  for (const node of postorder) if (node !== 0 && dominator[node] >= 0) retained[dominator[node]] += retained[node];

  // One shortest strong path from the root to each node.
  const parentEdge = new Int32Array(count).fill(-1);
  const parent = new Int32Array(count).fill(-1);
  parent[0] = 0;
  for (let queue = [0], head = 0; head < queue.length; head++) {
    const node = queue[head];
    for (let e = firstEdge[node]; e < firstEdge[node + 1]; e++) {
      const to = target(e);
      if (!strong(e) || parent[to] !== -1) continue;
      parent[to] = node;
      parentEdge[to] = e;
      queue.push(to);
    }
  }

  const classOf = (node: number) => {
    const type = nodeTypes[raw.nodes[node * nodeWidth + nType]];
    if (NAMELESS.has(type)) return `(${type})`;
    const name = raw.strings[raw.nodes[node * nodeWidth + nName]].slice(0, 80);
    if (type === 'object' || type === 'native') return name;
    return `(${type}) ${name}`;
  };
  const pathTo = (node: number) => {
    const steps: string[] = [];
    for (let at = node; at > 0 && parent[at] >= 0 && steps.length < 40; at = parent[at]) steps.unshift(`${classOf(parent[at])}.${edgeName(parentEdge[at])}`);
    return steps;
  };
  const property = edgeTypes.indexOf('property');
  const propertyNames = (node: number) => {
    const names: string[] = [];
    for (let e = firstEdge[node]; e < firstEdge[node + 1]; e++) if (raw.edges[e * edgeWidth + eType] === property) names.push(raw.strings[raw.edges[e * edgeWidth + eName]]);
    return names;
  };
  return { count, selfSize, retained, classOf, pathTo, parentOf: (node) => parent[node], dominatorOf: (node) => dominator[node], propertyNames };
}

export interface ClassTotal {
  name: string;
  count: number;
  size: number;
}

/** Count and own size by class, largest first. */
export function byClass(graph: HeapGraph, only?: (node: number) => boolean): ClassTotal[] {
  const totals = new Map<string, ClassTotal>();
  for (let n = 0; n < graph.count; n++) {
    if (only && !only(n)) continue;
    const name = graph.classOf(n);
    const total = totals.get(name) ?? { name, count: 0, size: 0 };
    total.count++;
    total.size += graph.selfSize[n];
    totals.set(name, total);
  }
  return [...totals.values()].sort((a, b) => b.size - a.size);
}
