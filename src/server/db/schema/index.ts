export * from "./auth";
export * from "./billing";
export * from "./domain";
export * from "./events";
export * from "./integrations";
export * from "./mail";
export * from "./security";
export * from "./team";
