mkdir -p proj/src proj/doc
touch proj/src/a.go proj/src/b.go proj/doc/readme.md
find proj -type f | sort
find proj -name '*.go' | wc -l
cp -r proj copy && ls copy/src
mv copy/doc/readme.md copy/README && ls copy
rm -r copy; [ -e copy ] || echo removed
