// mcpconfig.mjs resolves an unpacked MCP Bundle's mcp_config as a host
// does: @anthropic-ai/mcpb's getMcpConfigForManifest (the library Claude
// Desktop's bundle support is published as) substitutes ${__dirname} and
// ${user_config.KEY} (defaults, then the user's values). It prints the
// resolved {command, args, env} as JSON.
//
//	node mcpconfig.mjs MCPB_PACKAGE_DIR UNPACKED_BUNDLE_DIR USER_CONFIG_JSON
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pkg, dir, userConfig] = process.argv.slice(2);
const { getMcpConfigForManifest } = await import(pathToFileURL(path.join(pkg, "dist", "index.js")).href);
const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"));
const config = await getMcpConfigForManifest({
  manifest,
  extensionPath: dir,
  systemDirs: { HOME: os.homedir(), DESKTOP: path.join(os.homedir(), "Desktop"), DOCUMENTS: path.join(os.homedir(), "Documents"), DOWNLOADS: path.join(os.homedir(), "Downloads") },
  userConfig: JSON.parse(userConfig),
  pathSeparator: path.sep,
});
process.stdout.write(JSON.stringify(config ?? null));
