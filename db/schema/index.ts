export * from "./users";
export * from "./orders";
export * from "./platform";
