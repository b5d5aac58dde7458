export * from "./auth";
export * from "./domain";
export * from "./security";
