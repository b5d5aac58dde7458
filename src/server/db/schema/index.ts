export * from "./auth";
export * from "./domain";
