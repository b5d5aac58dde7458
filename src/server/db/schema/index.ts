export * from "./auth";
export * from "./domain";
export * from "./events";
export * from "./security";
