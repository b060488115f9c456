printf 'b 2\na 10\nc 1\n' > nums.txt
sort -k2,2n nums.txt
sort nums.txt | head -1
grep -c '^[ab]' nums.txt
sed -n '2p' nums.txt
sed 's/[0-9]\+/<&>/' nums.txt
wc -l < nums.txt
