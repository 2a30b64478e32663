#!/usr/bin/env bash
# `make` for node-gyp during CI's install (.ci/run sets MAKE to this file).
# node-gyp's makefiles build every dependency of a target before compiling any of the
# target's own sources. For better-sqlite3 that compiles SQLite (one large C file)
# and then the C++ binding, one after the other on one core, although the binding
# needs only SQLite's headers (copied by an earlier step) until the link. So the
# static libraries are taken out of what the compiles wait for, and with --jobs the
# two compile side by side. The link still waits for the library.
set -euo pipefail
build_dir=.
args=("$@")
for ((i = 0; i < ${#args[@]} - 1; i++)); do
  if [ "${args[i]}" = "-C" ]; then build_dir="${args[i + 1]}"; fi
done
for makefile in "$build_dir"/*.target.mk "$build_dir"/*/*.target.mk; do
  if [ -f "$makefile" ]; then
    sed -i -E '/^\$\(OBJS\): \|/ s# [^ ]+\.a( |$)#\1#g' "$makefile"
  fi
done
exec make "$@"
