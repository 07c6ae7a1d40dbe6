// The module hooks of record-imports.mjs (they run on Node's hooks thread): report each resolved URL.
let port;
export async function initialize(data) {
  port = data.port;
}
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}
