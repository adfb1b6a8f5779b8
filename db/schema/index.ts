export * from "./users";
export * from "./orders";
export * from "./leads";
export * from "./chat";
export * from "./platform";
export * from "./invoices";
export * from "./privacy";
export * from "./office";
