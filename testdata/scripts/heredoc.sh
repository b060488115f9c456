name=World
cat <<EOT
Hello, $name!
  indented $((1+2))
EOT
cat <<'EOT'
literal $name
EOT
read -r first rest <<< "alpha beta gamma"
echo "$first|$rest"
