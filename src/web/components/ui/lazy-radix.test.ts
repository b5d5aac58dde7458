import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { lazyModule } from "./lazy-radix";

describe("lazyModule", () => {
  it("imports once, however many roots ask, and then hands the module out", async () => {
    const module = { name: "radix" };
    const importer = vi.fn(() => Promise.resolve(module));
    const lazy = lazyModule(importer);
    expect(() => lazy.get()).toThrow();
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(module);
    expect(b).toBe(module);
    expect(await lazy.load()).toBe(module);
    expect(lazy.get()).toBe(module);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("tries again on the next intent after a failed download", async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce("radix");
    const lazy = lazyModule(importer);
    await expect(lazy.load()).rejects.toThrow("offline");
    expect(() => lazy.get()).toThrow();
    expect(await lazy.load()).toBe("radix");
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

/**
 * The first console screen's primitives must not bring Radix's popup code with them (docs/decisions/
 * 026): they import its types only, and its modules (ui/radix/*) only with a dynamic import().
 */
describe("Radix stays out of the first screen's static imports", () => {
  const ui = path.resolve(import.meta.dirname);
  const firstScreen = ["dropdown-menu", "popover", "tooltip", "sheet", "avatar", "separator", "label"];

  it.each(firstScreen)("ui/%s.tsx imports only Radix's types", (name) => {
    const source = fs.readFileSync(path.join(ui, `${name}.tsx`), "utf8");
    const radixImports = source.match(/^import [^;]*from "radix-ui";/gm) ?? [];
    expect(radixImports.filter((line) => !line.startsWith("import type "))).toEqual([]);
    expect(source).not.toMatch(/^import [^;]*from "\.\/radix\//m);
  });

  it("ui/radix/* is only imported dynamically, anywhere in the web app", () => {
    const web = path.resolve(ui, "../..");
    const offenders: string[] = [];
    for (const file of fs.readdirSync(web, { recursive: true, encoding: "utf8" })) {
      if (!/\.tsx?$/.test(file) || file.includes(`${path.sep}radix${path.sep}`)) continue;
      const source = fs.readFileSync(path.join(web, file), "utf8");
      if (/^(import|export) [^;]*from "[^"]*\/radix\/[^"]*";/m.test(source)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
