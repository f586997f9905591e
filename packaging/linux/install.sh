#!/bin/sh
# Put SellerDesk in this user's applications menu, from the unpacked bundle folder.
#
#   ./install.sh              add the menu entry and icons (~/.local/share)
#   ./install.sh --uninstall  remove them again (the folder itself stays where it is)
#
# Nothing is copied out of the folder but the menu entry and the icons: move the folder,
# then run this again.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
apps="$data/applications"
icons="$data/icons/hicolor"

refresh() {
    command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$apps" || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$icons" || true
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$apps/sellerdesk.desktop"
    for file in "$icons"/*/apps/sellerdesk.png "$icons"/scalable/apps/sellerdesk.svg; do
        rm -f "$file"
    done
    refresh
    echo "SellerDesk removed from the applications menu."
    exit 0
fi

mkdir -p "$apps"
for dir in "$here"/share/icons/hicolor/*/apps; do
    size=$(basename "$(dirname "$dir")")
    mkdir -p "$icons/$size/apps"
    cp -f "$dir"/* "$icons/$size/apps/"
done
# The entry's Exec and TryExec point at this folder (quoted: the path may hold spaces).
exe="$here/SellerDesk"
awk -v exe="$exe" '
    /^Exec=/    { print "Exec=\"" exe "\""; next }
    /^TryExec=/ { print "TryExec=" exe; next }
    { print }
' "$here/share/applications/sellerdesk.desktop" > "$apps/sellerdesk.desktop"
chmod 644 "$apps/sellerdesk.desktop"
refresh
echo "SellerDesk added to the applications menu (it starts $exe)."
