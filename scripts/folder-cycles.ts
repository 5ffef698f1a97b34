/**
 * No folder of server/, electron/ or common/ imports a folder that imports it back
 * (ARCHITECTURE section 2), checked on dependency-cruiser's graph.
 *
 * dependency-cruiser's `circular` rule sees cycles between files only: folder A's a1 importing
 * B's b1 while B's b2 imports A's a2 is no file cycle. Its folder-scope rules see folders, but
 * mix depths (an edge lands on the target file's own folder, not on the sibling that holds it)
 * and its known-violations baseline does not cover them. So this collapses the cruised graph to
 * folders itself, at two depths: the top folders of each area (server/modules, server/engine,
 * electron/main, common/ipc, ...) and the folders inside them (server/modules/bots,
 * electron/main/ipc, ...), and reports every strongly connected set of two or more folders.
 *
 * A file directly in a folder belongs to no folder of that folder: server/app.ts or
 * server/start.ts (the composition root) importing server/modules is not a folder cycle.
 * Test files are left out: nothing imports a test, so a test's imports say what the test needs,
 * not how its folder depends on others (test helpers stay in: code imports them).
 */
import type { IModule } from 'dependency-cruiser';

/** Areas whose folders must not import each other. */
const AREAS = /^(server|electron|common)\//;
const TEST_FILE = /\.test\.tsx?$|\.e2e\.ts$/;
const DEPTHS = [2, 3];

/** An import from one folder to another of the same cycle. */
export interface CycleEdge {
  /** `from -> to`, the folders. */
  edge: string;
  /** Every folder of the cycle (its strongly connected set), sorted. */
  cycle: string[];
  /** One file import that makes the edge. */
  example: string;
}

/**
 * The folder `depth` segments deep that holds `file`; a file directly in the folder above counts
 * as that folder's own files (`server/*`: the composition root, `server/modules/*`), so those
 * files and a folder beside them importing each other is a cycle too. A testing/ folder's files
 * count as that folder (`server/engine/testing`): test helpers build the whole server as its
 * composition root does, which production code of their folder never may. Null for a file higher up.
 */
function folderOf(file: string, depth: number): string | null {
  if (!AREAS.test(file) || TEST_FILE.test(file)) return null;
  const dirs = file.split('/').slice(0, -1);
  const testing = dirs.indexOf('testing');
  if (testing >= depth) return dirs.slice(0, testing + 1).join('/');
  if (dirs.length >= depth) return dirs.slice(0, depth).join('/');
  return dirs.length === depth - 1 ? `${dirs.join('/')}/*` : null;
}

type Edges = Map<string, Map<string, string>>;

function folderEdges(modules: readonly IModule[], depth: number): Edges {
  const edges: Edges = new Map();
  for (const module of modules) {
    const from = folderOf(module.source, depth);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved, depth);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const targets = edges.get(from)!;
      if (!targets.has(to)) targets.set(to, `${module.source} -> ${dependency.resolved}`);
    }
  }
  return edges;
}

/** Tarjan's strongly connected components, those of two or more folders. */
function components(edges: Edges): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/**
 * Every folder-to-folder edge that lies on a cycle, at each depth. Edges rather than cycles, so
 * a known edge stays known when another cycle through the same folders is added or removed.
 */
export function folderCycleEdges(modules: readonly IModule[]): CycleEdge[] {
  return DEPTHS.flatMap((depth) => {
    const edges = folderEdges(modules, depth);
    return components(edges).flatMap((cycle) =>
      cycle.flatMap((from) =>
        [...(edges.get(from) ?? [])]
          .filter(([to]) => cycle.includes(to))
          .map(([to, example]) => ({ edge: `${from} -> ${to}`, cycle, example })),
      ),
    );
  });
}
