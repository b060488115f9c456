s="Hello, World"
echo "${s,,} ${s^^} ${#s}"
echo "${s/World/There} ${s#Hello, } ${s%,*}"
f=archive.tar.gz; echo "${f%%.*} ${f#*.} ${f##*.}"
printf '%-6s|%5.2f|%03d|%x\n' ab 3.14159 7 255
