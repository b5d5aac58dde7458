// The pre-rendered pages of a client build: every `index.html` under it but the hashed assets,
// with the route each one serves. The build's post-processing steps walk the pages through this.
import fs from "node:fs";
import path from "node:path";

/** `[{ file, route }]` for every pre-rendered page under `clientDir` ("/" for the root page). */
export function prerenderedPages(clientDir) {
  const pages = [];
  const visit = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "assets") visit(full);
      } else if (entry.name === "index.html") {
        const route = `/${path.relative(clientDir, dir).split(path.sep).join("/")}`.replace(/\/$/, "") || "/";
        pages.push({ file: full, route });
      }
    }
  };
  visit(clientDir);
  return pages;
}
