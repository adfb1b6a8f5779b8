// react-dom ships "react-dom/server.browser" (the web-streams renderer) but @types/react-dom only
// describes "react-dom/server", which declares the same renderToReadableStream.
declare module "react-dom/server.browser" {
  export { renderToReadableStream } from "react-dom/server";
}
