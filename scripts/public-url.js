// The public URL the production add-in is served from. manifest.xml is written for the local dev
// server (https://localhost:3000/); a production build rewrites every such URL to this one.
// Default: https://docsheet.example/ (a reserved name: set ADDIN_PUBLIC_URL for a real deployment).
const DEV_URL = "https://localhost:3000/";
const DEFAULT_PUBLIC_URL = "https://docsheet.example/";

/** Reads ADDIN_PUBLIC_URL (or the default) and normalises it to an https URL ending in "/". */
function publicUrl(env = process.env) {
  const raw = (env.ADDIN_PUBLIC_URL || DEFAULT_PUBLIC_URL).trim();
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`ADDIN_PUBLIC_URL is not a URL: ${raw}`);
  }
  if (url.protocol !== "https:") throw new Error(`ADDIN_PUBLIC_URL must be an https URL (Office loads add-ins only over https): ${raw}`);
  if (url.hostname === "localhost" || url.hostname === "127.0.0.1") throw new Error(`ADDIN_PUBLIC_URL must not be localhost: ${raw}`);
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

/** Rewrites the dev URL everywhere in the manifest, including the bare origin used by AppDomain. */
function rewriteManifest(xml, target) {
  const origin = new URL(target).origin;
  return xml.split(DEV_URL).join(target).split(DEV_URL.slice(0, -1)).join(origin);
}

module.exports = { DEV_URL, DEFAULT_PUBLIC_URL, publicUrl, rewriteManifest };
