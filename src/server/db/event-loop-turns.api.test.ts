import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSystem } from "../../../tests/support/system";

/**
 * The server keeps reading sockets while the database is busy. On a server the driver waits for the
 * network anyway; embedded PGlite answers on this thread, and without `takeTurns`
 * (client.ts) a chain of statements ran to its end before a single socket was read: under load,
 * requests waited seconds before the server even read them.
 */
describe("the event loop between statements", () => {
  let server: net.Server;
  let port: number;
  let received: ((statementsDone: number) => void) | null = null;
  let statementsDone = 0;

  beforeAll(async () => {
    server = net.createServer((socket) => socket.on("data", () => received?.(statementsDone)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads a socket that became readable while one request's statements still run", async () => {
    const { db } = (await getSystem()).handle;
    const client = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => client.once("connect", () => resolve()));
    const STATEMENTS = 50;
    statementsDone = 0;
    const readAfter = new Promise<number>((resolve) => {
      received = resolve;
    });
    const chain = (async () => {
      for (let i = 0; i < STATEMENTS; i++) {
        await db.execute(sql`select ${i}::int as i`);
        statementsDone += 1;
      }
    })();
    // The bytes arrive while the chain is under way; the server must read them before it ends.
    client.write("x");
    const doneWhenRead = await readAfter;
    await chain;
    client.destroy();
    expect(statementsDone).toBe(STATEMENTS);
    expect(doneWhenRead).toBeLessThan(STATEMENTS / 2);
  });
});
