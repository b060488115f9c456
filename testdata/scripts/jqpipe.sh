echo '[{"n":"a","v":3},{"n":"b","v":7},{"n":"c","v":5}]' > data.json
jq -r '.[] | select(.v > 4) | .n' data.json
jq '[.[].v] | add' data.json
jq -c 'map({(.n): .v}) | add' data.json
