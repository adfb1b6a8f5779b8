// Gzipped bytes of the JavaScript and CSS a page loads (scripts, module preloads, stylesheets).
import zlib from "node:zlib";

export async function pageWeight(baseUrl, pagePath, init = {}) {
  const html = await (await fetch(baseUrl + pagePath, init)).text();
  const scripts = new Set();
  const styles = new Set();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) scripts.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) scripts.add(m[1]);
  for (const m of html.matchAll(/import \* as route\d+ from "([^"]+)"/g)) scripts.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) styles.add(m[1]);
  const gz = async (list) => {
    let total = 0;
    for (const href of list) {
      const body = Buffer.from(await (await fetch(new URL(href, baseUrl))).arrayBuffer());
      total += zlib.gzipSync(body, { level: 6 }).length;
    }
    return total;
  };
  return {
    path: pagePath,
    jsGzipBytes: await gz(scripts),
    cssGzipBytes: await gz(styles),
    htmlGzipBytes: zlib.gzipSync(Buffer.from(html)).length,
    files: { js: scripts.size, css: styles.size },
  };
}
