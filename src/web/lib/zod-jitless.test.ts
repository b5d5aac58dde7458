import { describe, expect, it } from "vitest";
import { z } from "zod";
import { config } from "zod/v4/core";
import { disableZodJit } from "./zod-jitless";

describe("disableZodJit", () => {
  it("sets zod's own jitless option, without importing zod", () => {
    disableZodJit();
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
  });
});
