/**
 * Reads a sampling heap profile (`bench/decision-cpu.ts --heap-profile FILE`) and prints where the window allocated:
 * bytes a call by allocating function (self) and by function with its callees (total), largest first.
 *
 *   npx tsx bench/lib/heap-profile-summary.ts FILE --calls N [--top 40]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { calls: { type: 'string', default: '1' }, top: { type: 'string', default: '40' } },
});
const root = (JSON.parse(readFileSync(positionals[0], 'utf8')) as { head: Node }).head;
const calls = Number(values.calls);
const self = new Map<string, number>();
const total = new Map<string, number>();
const nameOf = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(src|bench|node_modules)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
const walk = (n: Node, onStack: Set<string>): number => {
  const name = nameOf(n);
  self.set(name, (self.get(name) ?? 0) + n.selfSize);
  const inner = new Set(onStack).add(name);
  let sum = n.selfSize;
  for (const c of n.children) sum += walk(c, inner);
  if (!onStack.has(name)) total.set(name, (total.get(name) ?? 0) + sum);
  return sum;
};
const all = walk(root, new Set());
const top = Number(values.top);
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(v / calls).toFixed(0).padStart(9)} B  ${k}`);
};
console.log(`${(all / calls).toFixed(0)} bytes a call sampled (${calls} calls)`);
print('self', self);
print('total (with callees)', total);
