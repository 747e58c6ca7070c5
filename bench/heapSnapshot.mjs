// A V8 heap snapshot (.heapsnapshot JSON: snapshot meta, nodes, edges, strings) read as it streams
// in (a 600 MB heap makes a snapshot past V8's longest string, so no JSON.parse of the whole), and
// what it holds: each node's retained size (dominator tree, the iterative algorithm DevTools uses),
// totals by constructor, and a shortest retainer path to a node. Bench code (bench/tree.memory).

/** Feeds on the snapshot's text, chunk by chunk; `finish()` returns the parsed snapshot. */
export function snapshotReader() {
  let state = 'head';
  let head = '';
  let meta;
  let nodes;
  let edges;
  let filled = 0;
  let number = 0;
  let digits = false;
  let skip = ''; // text kept while looking for the next array's key
  const strings = [];
  let literal = null; // the string literal being read, or null between strings
  let escaped = false;

  const intoArray = (chunk, from, target) => {
    for (let i = from; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        number = number * 10 + (c - 48);
        digits = true;
      } else {
        if (digits) target[filled++] = number;
        number = 0;
        digits = false;
        if (c === 93 /* ] */) return i + 1;
      }
    }
    return -1;
  };
  const seek = (chunk, from, key) => {
    skip = (skip + chunk.slice(from)).slice(-(key.length + chunk.length));
    const at = skip.indexOf(key);
    if (at < 0) {
      skip = skip.slice(-key.length);
      return null;
    }
    const rest = skip.slice(at + key.length);
    skip = '';
    return rest;
  };
  const readStrings = (chunk) => {
    let start = literal === null ? -1 : 0;
    let opened = -1; // where this chunk opened a literal: its quote is not the closing one
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (literal === null) {
        if (c === 34 /* " */) {
          literal = '';
          start = i;
          opened = i;
        } else if (c === 93) {
          state = 'done';
          return;
        }
      } else if (escaped) escaped = false;
      else if (c === 92 /* \ */) escaped = true;
      else if (c === 34 && i !== opened) {
        strings.push(JSON.parse(literal + chunk.slice(start, i + 1)));
        literal = null;
      }
    }
    if (literal !== null) literal += chunk.slice(start);
  };

  const feed = (chunk) => {
    while (chunk.length) {
      if (state === 'head') {
        head += chunk;
        const at = head.indexOf('"nodes":[');
        if (at < 0) return;
        meta = JSON.parse(`${head.slice(0, head.lastIndexOf(',', at))}}`).snapshot;
        nodes = new Uint32Array(meta.node_count * meta.meta.node_fields.length);
        edges = new Uint32Array(meta.edge_count * meta.meta.edge_fields.length);
        chunk = head.slice(at + '"nodes":['.length);
        state = 'nodes';
      } else if (state === 'nodes' || state === 'edges') {
        const end = intoArray(chunk, 0, state === 'nodes' ? nodes : edges);
        if (end < 0) return;
        chunk = chunk.slice(end);
        state = state === 'nodes' ? 'seekEdges' : 'seekStrings';
        filled = 0;
      } else if (state === 'seekEdges' || state === 'seekStrings') {
        const rest = seek(chunk, 0, state === 'seekEdges' ? '"edges":[' : '"strings":[');
        if (rest === null) return;
        state = state === 'seekEdges' ? 'edges' : 'strings';
        chunk = rest;
      } else if (state === 'strings') {
        readStrings(chunk);
        return;
      } else return;
    }
  };
  return {
    feed,
    finish() {
      if (state !== 'done') throw new Error(`the heap snapshot ended early (${state})`);
      return { meta: meta.meta, nodes, edges, strings };
    },
  };
}

/** Retained sizes, classes and retainers of a parsed snapshot. */
export function analyse({ meta, nodes, edges, strings }) {
  const NF = meta.node_fields.length;
  const EF = meta.edge_fields.length;
  const [nType, nName, nId, nSelf, nEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f));
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f));
  const nodeTypes = meta.node_types[nType];
  const edgeTypes = meta.edge_types[eType];
  const WEAK = edgeTypes.indexOf('weak');
  const SHORTCUT = edgeTypes.indexOf('shortcut');
  const INDEXED = new Set(['element', 'hidden'].map((t) => edgeTypes.indexOf(t)));
  const count = nodes.length / NF;
  const firstEdge = new Uint32Array(count + 1);
  for (let n = 0; n < count; n++) firstEdge[n + 1] = firstEdge[n] + nodes[n * NF + nEdges] * EF;
  const essential = (from, e) => edges[e + eType] !== WEAK && (edges[e + eType] !== SHORTCUT || from === 0);

  // Retainers (reverse essential edges), as CSR: for node n, retainerEdge[retainerFirst[n] ..].
  const retainerFirst = new Uint32Array(count + 1);
  for (let n = 0; n < count; n++) for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EF) if (essential(n, e)) retainerFirst[edges[e + eTo] / NF + 1]++;
  for (let n = 0; n < count; n++) retainerFirst[n + 1] += retainerFirst[n];
  const retainerEdge = new Uint32Array(retainerFirst[count]);
  const retainerNode = new Uint32Array(retainerFirst[count]);
  const fill = retainerFirst.slice(0, count);
  for (let n = 0; n < count; n++)
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EF)
      if (essential(n, e)) {
        const to = edges[e + eTo] / NF;
        retainerEdge[fill[to]] = e;
        retainerNode[fill[to]++] = n;
      }

  // Post order from the root (node 0) over essential edges, and each node's distance from it.
  const UNSEEN = 0xffffffff;
  const post = new Uint32Array(count).fill(UNSEEN);
  const order = new Uint32Array(count);
  const stack = new Uint32Array(count);
  const cursor = new Uint32Array(count);
  const seen = new Uint8Array(count);
  let top = 0;
  let visited = 0;
  stack[0] = 0;
  cursor[0] = firstEdge[0];
  seen[0] = 1;
  while (top >= 0) {
    const n = stack[top];
    if (cursor[top] < firstEdge[n + 1]) {
      const e = cursor[top];
      cursor[top] += EF;
      const to = edges[e + eTo] / NF;
      if (!seen[to] && essential(n, e)) {
        seen[to] = 1;
        stack[++top] = to;
        cursor[top] = firstEdge[to];
      }
    } else {
      post[n] = visited;
      order[visited++] = n;
      top--;
    }
  }
  const distance = new Uint32Array(count).fill(UNSEEN);
  distance[0] = 0;
  const queue = new Uint32Array(count);
  for (let head = 0, tail = 1; head < tail; head++) {
    const n = queue[head];
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EF) {
      const to = edges[e + eTo] / NF;
      if (distance[to] === UNSEEN && essential(n, e)) {
        distance[to] = distance[n] + 1;
        queue[tail++] = to;
      }
    }
  }

  // Dominators by post order index (Cooper, Harvey, Kennedy), the root last.
  const rootPost = visited - 1;
  const dom = new Uint32Array(visited).fill(UNSEEN);
  dom[rootPost] = rootPost;
  for (let changed = true; changed; ) {
    changed = false;
    for (let p = rootPost - 1; p >= 0; p--) {
      const n = order[p];
      let idom = UNSEEN;
      for (let r = retainerFirst[n]; r < retainerFirst[n + 1]; r++) {
        let q = post[retainerNode[r]];
        if (q === UNSEEN || dom[q] === UNSEEN) continue;
        if (idom === UNSEEN) idom = q;
        else {
          let a = idom;
          while (a !== q) {
            while (a < q) a = dom[a];
            while (q < a) q = dom[q];
          }
          idom = a;
        }
      }
      if (idom !== UNSEEN && dom[p] !== idom) {
        dom[p] = idom;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(count);
  for (let n = 0; n < count; n++) retained[n] = nodes[n * NF + nSelf];
  for (let p = 0; p < rootPost; p++) if (dom[p] !== UNSEEN) retained[order[dom[p]]] += retained[order[p]];

  const typeName = (n) => nodeTypes[nodes[n * NF + nType]];
  const name = (n) => strings[nodes[n * NF + nName]];
  const classOf = (n) => {
    const type = typeName(n);
    if (type === 'object' || type === 'native') return name(n);
    if (type === 'hidden' || type === 'array') return `(${type === 'hidden' ? 'system' : 'array'}) ${name(n).slice(0, 40)}`;
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string') return '(string)';
    if (type === 'heap number' || type === 'number') return '(number)';
    if (type === 'code') return '(compiled code)';
    return `(${type})`;
  };
  const classIds = new Map();
  const classNames = [];
  const nodeClass = new Uint32Array(count);
  for (let n = 0; n < count; n++) {
    const c = classOf(n);
    let id = classIds.get(c);
    if (id === undefined) classIds.set(c, (id = classNames.push(c) - 1));
    nodeClass[n] = id;
  }
  const classCount = new Float64Array(classNames.length);
  const classSelf = new Float64Array(classNames.length);
  for (let n = 0; n < count; n++) {
    classCount[nodeClass[n]]++;
    classSelf[nodeClass[n]] += nodes[n * NF + nSelf];
  }
  // A class's retained size: its instances not dominated by another of the same class (as DevTools).
  const childFirst = new Uint32Array(visited + 1);
  for (let p = 0; p < rootPost; p++) if (dom[p] !== UNSEEN) childFirst[dom[p] + 1]++;
  for (let p = 0; p < visited; p++) childFirst[p + 1] += childFirst[p];
  const children = new Uint32Array(childFirst[visited]);
  const childFill = childFirst.slice(0, visited);
  for (let p = 0; p < rootPost; p++) if (dom[p] !== UNSEEN) children[childFill[dom[p]]++] = p;
  const classRetained = new Float64Array(classNames.length);
  const open = new Uint32Array(classNames.length);
  let depth = 0;
  stack[0] = rootPost;
  cursor[0] = childFirst[rootPost];
  open[nodeClass[order[rootPost]]]++;
  while (depth >= 0) {
    const p = stack[depth];
    if (cursor[depth] < childFirst[p + 1]) {
      const child = children[cursor[depth]++];
      const c = nodeClass[order[child]];
      if (open[c] === 0) classRetained[c] += retained[order[child]];
      open[c]++;
      stack[++depth] = child;
      cursor[depth] = childFirst[child];
    } else {
      open[nodeClass[order[p]]]--;
      depth--;
    }
  }

  const edgeName = (e) => {
    const value = edges[e + eName];
    return INDEXED.has(edges[e + eType]) ? `[${value}]` : String(strings[value]).slice(0, 40);
  };
  /** The shortest retainer path from node `n` to the root: [{ edge, className }], `n` first. */
  const pathOf = (n, hops = 14) => {
    const steps = [];
    for (let at = n; at !== 0 && steps.length < hops; ) {
      let next = -1;
      for (let r = retainerFirst[at]; r < retainerFirst[at + 1]; r++)
        if (distance[retainerNode[r]] + 1 === distance[at]) {
          next = r;
          break;
        }
      if (next < 0) break;
      steps.push({ edge: edgeName(retainerEdge[next]), className: classNames[nodeClass[retainerNode[next]]] });
      at = retainerNode[next];
    }
    return steps;
  };
  const classes = classNames.map((className, id) => ({ className, count: classCount[id], self: classSelf[id], retained: classRetained[id] }));
  let total = 0;
  for (let n = 0; n < count; n++) total += nodes[n * NF + nSelf];
  return {
    nodeCount: count,
    total,
    reachable: retained[0],
    classes,
    /** Instances of `className` (reachable): the newest (highest id, so likely a row's) and the largest retained. */
    instances(className) {
      const id = classIds.get(className);
      let newest = -1;
      let largest = -1;
      for (let n = 0; n < count; n++) {
        if (nodeClass[n] !== id || !seen[n]) continue;
        if (newest < 0 || nodes[n * NF + nId] > nodes[newest * NF + nId]) newest = n;
        if (largest < 0 || retained[n] > retained[largest]) largest = n;
      }
      const describe = (n) => ({ retained: retained[n], self: nodes[n * NF + nSelf], path: pathOf(n) });
      return newest < 0 ? [] : [describe(newest), ...(largest === newest ? [] : [describe(largest)])];
    },
  };
}
