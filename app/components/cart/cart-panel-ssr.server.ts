// The server renders the cart panel without waiting for a lazy import (a visitor without
// JavaScript must get it in the first HTML). In the browser build this module is empty.
export { CartPanel as serverCartPanel } from "./cart-panel";
