import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { ManualChunkMeta, ModuleInfo } from "rollup";
import { defineConfig } from "vite";
import { STATIC_PUBLIC_PATHS } from "./src/shared/public-routes";

const apiPort = Number(process.env.API_PORT ?? 3001);

const CLIENT_ROUTE = "?__react-router-build-client-route";
const CONSOLE_DIR = `${path.sep}src${path.sep}web${path.sep}console${path.sep}`;
const consoleRoute = (file: string) => path.resolve(import.meta.dirname, "src/web/console", file) + CLIENT_ROUTE;
const CONSOLE_LAYOUT = consoleRoute("layout.tsx");
/** The console's first screen after sign-in (site/login.tsx's AFTER_LOGIN). */
const FIRST_SCREEN = consoleRoute("dashboard/dashboard.tsx");
/**
 * The content pages' route modules (site/landing.tsx for "/", site/<page>.tsx for the others, as
 * routes.ts names them). They only pre-render: their HTML ships without React and every link to
 * them is a plain <a> (docs/decisions/013), so the browser never loads these modules.
 */
const STATIC_PAGE_MODULES = STATIC_PUBLIC_PATHS.map(
  (page) =>
    path.resolve(import.meta.dirname, "src/web/site", `${page === "/" ? "landing" : page.slice(1)}.tsx`) + CLIENT_ROUTE,
);

/**
 * One chunk for the console's shell (docs/decisions/026). Rollup's default gives every set of
 * importing routes its own chunk, so the first console screen fetched about 60 files, many under
 * the 1 KB below which the server does not gzip (icons, small components). Every console screen
 * loads the layout (console/layout.tsx) anyway, so the chunk "console" takes what the layout
 * imports, plus what the first screen (the dashboard) shares with other screens (icons, badges,
 * empty and error states), as long as no public page that runs React can reach it (statically, or
 * through a lazy import of theirs). What such a public page may load keeps Rollup's split, so those
 * pages download exactly what they did; each screen's own code stays split by route.
 */
function consoleChunk(): (id: string, meta: ManualChunkMeta) => string | undefined {
  // Computed once per build (the client's, and the pre-rendering server's, which gets none).
  const shells = new WeakMap<ManualChunkMeta["getModuleInfo"], Set<string>>();
  return (id, { getModuleIds, getModuleInfo }) => {
    let shell = shells.get(getModuleInfo);
    if (!shell) {
      shell = consoleShellModules([...getModuleIds()], getModuleInfo);
      shells.set(getModuleInfo, shell);
    }
    return shell.has(id) ? "console" : undefined;
  };
}

function consoleShellModules(ids: string[], info: ManualChunkMeta["getModuleInfo"]): Set<string> {
  // The client build only: its routes are entries with React Router's query string.
  if (!ids.includes(CONSOLE_LAYOUT)) return new Set();
  const missing = STATIC_PAGE_MODULES.filter((id) => !ids.includes(id));
  if (missing.length) throw new Error(`vite.config.ts: páginas estáticas não encontradas: ${missing.join(", ")}`);
  const graph = new ImportGraph(info);
  const isConsoleRoute = (id: string) => id.endsWith(CLIENT_ROUTE) && id.includes(CONSOLE_DIR);
  const publicEntries = ids.filter(
    (id) => info(id)?.isEntry && !isConsoleRoute(id) && !STATIC_PAGE_MODULES.includes(id),
  );
  const publicSide = graph.reach(publicEntries, { lazy: true });
  const otherScreens = graph.reach(
    ids.filter((id) => isConsoleRoute(id) && id !== FIRST_SCREEN && id !== CONSOLE_LAYOUT),
    { lazy: false },
  );
  const firstScreenShared = [...graph.reach([FIRST_SCREEN], { lazy: false })].filter(
    (id) => id !== FIRST_SCREEN && otherScreens.has(id),
  );
  const shell = new Set<string>();
  for (const id of [...graph.reach([CONSOLE_LAYOUT], { lazy: false }), ...firstScreenShared]) {
    if (!publicSide.has(id) && info(id)?.isIncluded) shell.add(id);
  }
  return shell;
}

type Statement = NonNullable<ModuleInfo["ast"]>["body"][number];
/** What one module takes from another: some exported names, or all of it. */
type Wanted = Set<string> | "all";

/**
 * Which modules a set of entries really uses, following imports by name through re-export-only
 * modules ("barrels" such as lucide-react's index, date-fns' index or radix-ui), so that
 * `import { Users } from "lucide-react"` reaches one icon and not every icon of the package.
 */
class ImportGraph {
  private readonly imports = new Map<string, Map<string, Wanted>>();
  private readonly resolvers = new Map<string, Map<string, string> | null>();
  private readonly barrels = new Map<string, ((name: string) => [string, Wanted][]) | null>();
  constructor(private readonly info: ManualChunkMeta["getModuleInfo"]) {}

  reach(roots: string[], { lazy }: { lazy: boolean }): Set<string> {
    const used = new Set<string>();
    const seenNames = new Map<string, Set<string>>();
    const queue: [string, Wanted][] = roots.map((id) => [id, "all"]);
    for (let next = queue.pop(); next; next = queue.pop()) {
      const [id, wanted] = next;
      const module = this.info(id);
      if (!module) continue;
      const reexports = wanted === "all" ? null : this.reexports(module);
      if (reexports && wanted !== "all") {
        // A barrel: follow only the names asked for (each name once).
        const seen = seenNames.get(id) ?? new Set<string>();
        seenNames.set(id, seen);
        for (const name of wanted) {
          if (seen.has(name)) continue;
          seen.add(name);
          for (const [target, targetWanted] of reexports(name)) queue.push([target, targetWanted]);
        }
        continue;
      }
      if (used.has(id)) continue;
      used.add(id);
      for (const [target, targetWanted] of this.importsOf(module)) queue.push([target, targetWanted]);
      if (lazy) for (const target of module.dynamicallyImportedIds) queue.push([target, "all"]);
    }
    return used;
  }

  /** The static imports of a module: the resolved id and the names taken, or "all" when unsure. */
  private importsOf(module: ModuleInfo): Map<string, Wanted> {
    const cached = this.imports.get(module.id);
    if (cached) return cached;
    const result = new Map<string, Wanted>();
    const resolve = this.resolver(module);
    const add = (source: string, names: Wanted) => {
      const id = resolve?.get(source);
      if (!id) return;
      const current = result.get(id);
      if (current === "all" || names === "all") result.set(id, "all");
      else result.set(id, new Set([...(current ?? []), ...names]));
    };
    if (!resolve) {
      for (const id of module.importedIds) result.set(id, "all");
    } else {
      for (const node of module.ast?.body ?? []) {
        if (node.type === "ImportDeclaration") {
          const names = new Set<string>();
          let all = node.specifiers.length === 0; // a side-effect import
          for (const s of node.specifiers) {
            if (s.type === "ImportNamespaceSpecifier") all = true;
            else if (s.type === "ImportDefaultSpecifier") names.add("default");
            else names.add(nameOf(s.imported));
          }
          add(String(node.source.value), all ? "all" : names);
        } else if (node.type === "ExportNamedDeclaration" && node.source) {
          add(String(node.source.value), new Set(node.specifiers.map((s) => nameOf(s.local))));
        } else if (node.type === "ExportAllDeclaration") {
          add(String(node.source.value), "all");
        }
      }
    }
    this.imports.set(module.id, result);
    return result;
  }

  /**
   * Maps each import source of a module to its resolved id. Rollup lists `importedIds` in the order
   * of the module's import and export-from statements; anything unexpected gives null (then every
   * import counts as whole).
   */
  private resolver(module: ModuleInfo): Map<string, string> | null {
    if (this.resolvers.has(module.id)) return this.resolvers.get(module.id) ?? null;
    const sources: string[] = [];
    for (const node of module.ast?.body ?? []) {
      const source =
        node.type === "ImportDeclaration" ||
        node.type === "ExportAllDeclaration" ||
        (node.type === "ExportNamedDeclaration" && node.source)
          ? String(node.source?.value)
          : null;
      if (source !== null && !sources.includes(source)) sources.push(source);
    }
    const resolver =
      module.ast && sources.length === module.importedIds.length
        ? new Map(sources.map((source, i) => [source, module.importedIds[i] as string]))
        : null;
    this.resolvers.set(module.id, resolver);
    return resolver;
  }

  /**
   * For a module made only of imports and re-exports, a function giving what an exported name
   * comes from; null for any other module (whose code is used as a whole).
   */
  private reexports(module: ModuleInfo): ((name: string) => [string, Wanted][]) | null {
    if (!this.barrels.has(module.id)) this.barrels.set(module.id, this.barrel(module));
    return this.barrels.get(module.id) ?? null;
  }

  private barrel(module: ModuleInfo): ((name: string) => [string, Wanted][]) | null {
    const body = module.ast?.body ?? [];
    const barrel = body.every(
      (node: Statement) =>
        node.type === "ImportDeclaration" ||
        node.type === "ExportAllDeclaration" ||
        (node.type === "ExportNamedDeclaration" && !node.declaration) ||
        (node.type === "ExpressionStatement" && "directive" in node),
    );
    const resolve = this.resolver(module);
    if (!barrel || !resolve || !body.length) return null;
    const local = new Map<string, [string, string | "all"]>(); // imported binding → source, name
    const named = new Map<string, [string, string | "all"]>(); // exported name → source, name
    const stars: string[] = [];
    for (const node of body) {
      if (node.type === "ImportDeclaration") {
        for (const s of node.specifiers) {
          const from =
            s.type === "ImportNamespaceSpecifier"
              ? "all"
              : s.type === "ImportDefaultSpecifier"
                ? "default"
                : nameOf(s.imported);
          local.set(s.local.name, [String(node.source.value), from]);
        }
      } else if (node.type === "ExportAllDeclaration") {
        if (node.exported) named.set(nameOf(node.exported), [String(node.source.value), "all"]);
        else stars.push(String(node.source.value));
      } else if (node.type === "ExportNamedDeclaration") {
        for (const s of node.specifiers) {
          const origin = node.source ? [String(node.source.value), nameOf(s.local)] : local.get(nameOf(s.local));
          if (origin) named.set(nameOf(s.exported), origin as [string, string | "all"]);
        }
      }
    }
    return (name) => {
      const origin = named.get(name);
      const target = (source: string) => resolve.get(source);
      if (origin) {
        const id = target(origin[0]);
        return id ? [[id, origin[1] === "all" ? "all" : new Set([origin[1]])]] : [];
      }
      return stars.flatMap((source): [string, Wanted][] => {
        const id = target(source);
        return id && this.info(id)?.exports?.includes(name) ? [[id, new Set([name])]] : [];
      });
    };
  }
}

function nameOf(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === "Identifier" ? String(node.name) : String(node.value);
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  build: {
    rollupOptions: {
      // Only the modules named go to the console chunk, not everything they import.
      output: { manualChunks: consoleChunk(), onlyExplicitManualChunks: true },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    // In development the API runs as its own process (scripts/dev.mjs); Vite forwards /api to it.
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
