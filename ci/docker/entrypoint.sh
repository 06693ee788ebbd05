#!/bin/sh
# The image's entrypoint: runs nibscan (by default `nibscan serve`) as the unprivileged
# user nibscan. The image keeps root as its user only because GitHub runs a Docker action
# as root (its workspace and output files belong to the runner); the action's own
# entrypoint (action.yml) is the one command that stays root.
set -eu
if [ "$(id -u)" = 0 ]; then
  exec setpriv --reuid=nibscan --regid=nibscan --init-groups -- /usr/local/bin/nibscan "$@"
fi
exec /usr/local/bin/nibscan "$@"
