cat > sales.csv <<'CSV'
region,item,amount
east,apple,10
west,pear,4
east,pear,7
west,apple,3
CSV
tail -n +2 sales.csv | awk -F, '{s[$1]+=$3} END {for (r in s) printf "%s %d\n", r, s[r]}' | sort
cut -d, -f2 sales.csv | tail -n +2 | sort -u | tr '\n' ' '; echo
