printf 'the cat sat on the mat\nthe dog ate the cat\n' > text.txt
tr -s ' ' '\n' < text.txt | sort | uniq -c | sort -rn | head -3
