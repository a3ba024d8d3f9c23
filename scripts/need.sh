#!/usr/bin/env bash
# Make sure system tools exist before set-up: `scripts/need.sh npm pip venv chromium`.
# As root on Debian the missing packages are installed with apt-get; otherwise it
# prints the exact command to run and stops.
set -euo pipefail

missing=()
for need in "$@"; do
  case "$need" in
    npm)      command -v npm >/dev/null 2>&1 || missing+=(nodejs npm) ;;
    pip)      python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip) ;;
    venv)     python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv) ;;
    chromium) if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
                missing+=(chromium)
              fi ;;
    *) echo "need.sh: unknown requirement '$need'" >&2; exit 2 ;;
  esac
done

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

echo "Missing system packages: ${missing[*]}" >&2
echo "Install them with:  sudo apt-get install ${missing[*]}" >&2
echo "(or point CHROMIUM=/path/to/chromium at an existing browser for the browser tests)" >&2
exit 1
