cat missing.txt
echo "rc=$?"
nosuchcommand 2>/dev/null
echo "rc=$?"
set -e
false || echo "or-list survives set -e"
( exit 4 ) || echo "subshell rc=$?"
